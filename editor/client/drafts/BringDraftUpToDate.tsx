import { Button, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { TeamDraftState } from '../state/use-team-draft'

/**
 * The way out for a draft started on an older version than the one published now: its changes
 * moved onto the current version on the server, then the draft opened again as it is there.
 */
export function BringDraftUpToDate({ team }: { team: TeamDraftState }) {
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  if (!team.open) return null
  const bring = async () => {
    setBusy(true)
    setRefusal(await team.rebase())
    setBusy(false)
  }
  return (
    <Stack gap={4} align="flex-start">
      <Button size="xs" color="orange" variant="light" loading={busy} onClick={() => void bring()}>
        Bring the draft up to date
      </Button>
      {refusal && (
        <Text size="sm" c="red.8" role="alert">
          {refusal}
        </Text>
      )}
    </Stack>
  )
}
