import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { Editor } from '../state/use-editor'
import { browserStorage, type KeptDraft } from './draft-storage'
import { useDraftKeeping } from './use-draft-keeping'

const when = (draft: KeptDraft) => new Date(draft.keptAt).toLocaleString()

/** A draft the file can no longer take, as a file of its own: the author can still copy from it by hand. */
function download(draft: KeptDraft) {
  const link = document.createElement('a')
  link.href = URL.createObjectURL(new Blob([`${JSON.stringify(draft.config, null, 2)}\n`], { type: 'application/json' }))
  link.download = `${draft.label.replace(/\.json$/, '')}.unsaved-${new Date(draft.keptAt).toISOString().replace(/[:.]/g, '-')}.json`
  link.click()
  URL.revokeObjectURL(link.href)
}

/**
 * The editor's drafts in the browser (use-draft-keeping.ts): once the file is loaded, unsaved edits
 * kept from an earlier visit are offered back, and a note says when the browser cannot keep them.
 */
export function KeptDrafts({ editor }: { editor: Editor }) {
  if (!editor.loaded || !editor.savedVersion) return null
  return <DraftKeeper editor={editor} version={editor.savedVersion} />
}

function DraftKeeper({ editor, version }: { editor: Editor; version: string }) {
  const [storage] = useState(browserStorage)
  const drafts = useDraftKeeping({ storage, label: editor.label, version, config: editor.config, dirty: editor.dirty, restoreDraft: editor.replaceConfig })
  const { offered, older } = drafts
  return (
    <>
      {/* Answered before anything else: an edit made first would be a second draft beside this one. */}
      <Modal
        opened={offered !== null}
        onClose={drafts.discard}
        title="Unsaved edits from before"
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
      >
        {offered && (
          <Stack>
            <Text size="sm">
              This browser kept edits to {offered.label} from {when(offered)} that were never saved. Restore them to go on where you left off (Undo takes them back out), or discard
              them to start from the file as it is.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" color="red" onClick={drafts.discard}>
                Discard them
              </Button>
              <Button onClick={drafts.restore} data-autofocus>
                Restore the edits
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      {offered === null && older.length > 0 && (
        <Alert color="orange" title="Unsaved edits to an earlier version of the file" role="status">
          <Stack gap="xs">
            {older.map((draft) => (
              <Group key={`${draft.version}${draft.keptAt}`} justify="space-between" wrap="nowrap">
                <Text size="sm">
                  Edits from {when(draft)} were made to {draft.label} as it was before it changed on disk, so they cannot be put back onto it. Download them to copy what you need.
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => download(draft)}>
                    Download
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => drafts.forgetOlder(draft)}>
                    Discard
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      {drafts.keepingFailed && editor.dirty && (
        <Alert color="yellow" role="status">
          This browser cannot keep your unsaved edits (its storage is full or blocked): save often, as a closed tab loses them.
        </Alert>
      )}
    </>
  )
}
