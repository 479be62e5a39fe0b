import { Alert, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { loadDraftChanges } from '../api/draft-api'
import { ChangesByPage } from '../versions/ChangesByPage'
import type { VersionChanges } from '../../../site/version-changes'

/** What a draft changes, page by page, old and new words side by side, as the Versions screen shows a version's; loaded again at each revision. */
export function DraftChanges({ id, revision }: { id: string; revision: number }) {
  const [loaded, setLoaded] = useState<{ changes: VersionChanges; baseKept: boolean } | { refusal: string }>()
  useEffect(() => {
    let live = true
    loadDraftChanges(id).then(
      (answer) => live && setLoaded(answer.status === 200 ? answer.body : { refusal: answer.body.message ?? `Loading the draft's changes failed (${answer.status}).` }),
      () => live && setLoaded({ refusal: 'The server cannot be reached; the changes show once it answers.' }),
    )
    return () => {
      live = false
    }
  }, [id, revision])

  if (!loaded) return <Text size="sm">Loading what the draft changes…</Text>
  if ('refusal' in loaded)
    return (
      <Alert color="red" role="alert">
        {loaded.refusal}
      </Alert>
    )
  const { changes, baseKept } = loaded
  return (
    <div aria-label="The draft's changes" role="region">
      {!baseKept && (
        <Text size="sm" c="dimmed">
          The version this draft started from is no longer kept: its changes are shown against the version published now.
        </Text>
      )}
      {changes.pages.length === 0 && changes.site.length === 0 ? <Text size="sm">The draft changes nothing yet.</Text> : <ChangesByPage changes={changes} />}
    </div>
  )
}
