import { Badge, Button, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { listDrafts, type DraftMeta } from '../api/draft-api'
import type { TeamDraftState } from '../state/use-team-draft'
import { reviewInWords } from './review-words'
import { scheduleInWords } from './schedule-words'

const when = (at: string) => new Date(at).toLocaleString()

const inReview = (draft: DraftMeta) => draft.review?.state === 'in-review'

/**
 * The team's drafts: who started each, on which version, where it is in its review, what it
 * changes, when it was saved, when it is scheduled to publish; all of them or only those waiting
 * for review; open one, delete one, or start a new one.
 */
export function DraftList({ team, busy, timeZone }: { team: TeamDraftState; busy: boolean; /** The site's, for a scheduled publish's time. */ timeZone: string }) {
  const [drafts, setDrafts] = useState<DraftMeta[]>()
  const [current, setCurrent] = useState<string>()
  const [name, setName] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const [onlyWaiting, setOnlyWaiting] = useState(false)
  const load = useCallback(() => {
    void listDrafts().then(
      (answer) => {
        if (answer.status !== 200) return setMessage(answer.body.message ?? `Loading the drafts failed (${answer.status}).`)
        setDrafts(answer.body.drafts)
        setCurrent(answer.body.current)
      },
      () => setMessage('The server cannot be reached; the drafts show once it answers.'),
    )
  }, [])
  useEffect(load, [load])
  const act = (work: Promise<string | null>) => void work.then((refusal) => (setMessage(refusal), load()))
  const waiting = drafts?.filter(inReview) ?? []
  const shown = onlyWaiting ? waiting : drafts

  return (
    <Stack gap="xs">
      {drafts && drafts.length > 0 && (
        <SegmentedControl
          size="xs"
          aria-label="Which drafts"
          style={{ alignSelf: 'flex-start' }}
          value={onlyWaiting ? 'waiting' : 'all'}
          onChange={(value) => setOnlyWaiting(value === 'waiting')}
          data={[
            { value: 'all', label: `All (${drafts.length})` },
            { value: 'waiting', label: `Waiting for review (${waiting.length})` },
          ]}
        />
      )}
      {onlyWaiting && waiting.length === 0 && (
        <Text size="sm" c="dimmed">
          No draft is waiting for review.
        </Text>
      )}
      {shown && shown.length > 0 && (
        <Table aria-label="Drafts" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Draft</Table.Th>
              <Table.Th>Started by</Table.Th>
              <Table.Th>Changes</Table.Th>
              <Table.Th>Last saved</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((draft) => (
              <Table.Tr key={draft.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {draft.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    on version {draft.base}{' '}
                    {current && draft.base !== current && (
                      <Badge size="xs" color="orange">
                        older than the site now
                      </Badge>
                    )}
                  </Text>
                  <Text size="xs" c={inReview(draft) ? 'orange.8' : draft.review ? 'red.8' : 'dimmed'}>
                    {reviewInWords(draft.review)}
                  </Text>
                  {draft.schedule && (
                    <Text size="xs" c={draft.schedule.outcome?.status === 'failed' ? 'red.8' : 'blue.8'}>
                      {scheduleInWords(draft.schedule, timeZone)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{draft.author}</Table.Td>
                <Table.Td>
                  <Text size="xs">{draft.changes.length > 0 ? draft.changes.join(', ') : 'nothing yet'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">
                    {when(draft.updatedAt)} by {draft.updatedBy}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" disabled={busy || team.open?.id === draft.id} onClick={() => void team.openDraft(draft.id)} aria-label={`Open ${draft.name}`}>
                      Open
                    </Button>
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => act(team.remove(draft.id))} aria-label={`Delete ${draft.name}`}>
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {drafts?.length === 0 && (
        <Text size="sm" c="dimmed">
          No drafts yet: your first edit starts one, or name one here.
        </Text>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          act(team.startDraft(name).then((refusal) => (refusal ? refusal : (setName(''), null))))
        }}
      >
        <Group gap="xs" align="flex-end">
          <TextInput size="xs" label="New draft" placeholder="Spring prices" value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={80} />
          <Button size="xs" type="submit" disabled={busy || !name.trim()}>
            Start draft
          </Button>
        </Group>
      </form>
      {message && (
        <Text size="sm" c="red.8" role="alert">
          {message}
        </Text>
      )}
    </Stack>
  )
}
