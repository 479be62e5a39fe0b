import { Alert, Button, Group, Text } from '@mantine/core'
import type { Editor } from '../state/use-editor'

/** Undo, redo and Save, with what happened to the last save. */
export function SaveBar({ editor }: { editor: Editor }) {
  const { save, dirty, problems, checking } = editor
  const status = checking
    ? 'Checking…'
    : problems.length > 0
      ? `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`
      : dirty
        ? 'Unsaved changes'
        : 'All changes saved'
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c={problems.length > 0 ? 'red.8' : 'dimmed'} aria-live="polite">
        {status}
      </Text>
      <Button variant="default" onClick={editor.undo} disabled={!editor.canUndo}>
        Undo
      </Button>
      <Button variant="default" onClick={editor.redo} disabled={!editor.canRedo}>
        Redo
      </Button>
      <Button onClick={() => void editor.saveNow()} loading={save.kind === 'saving'} disabled={!dirty && save.kind !== 'conflict'}>
        Save
      </Button>
    </Group>
  )
}

/** The outcome of the last save, as a notice under the bar: refused (why), conflict (what to do), saved. */
export function SaveNotice({ editor }: { editor: Editor }) {
  const { save } = editor
  if (save.kind === 'conflict') {
    return (
      <Alert color="orange" title="The file changed on disk" role="alert">
        <Text size="sm" mb="xs">
          {save.message}
        </Text>
        <Button size="xs" color="orange" onClick={() => void editor.reload()}>
          Reload the file (drops the unsaved edits shown here)
        </Button>
      </Alert>
    )
  }
  if (save.kind === 'refused' || save.kind === 'failed')
    return (
      <Alert color="red" title="Not saved" role="alert">
        {save.message}
      </Alert>
    )
  if (save.kind === 'saved')
    return (
      <Alert color="green" role="status">
        {save.message}
      </Alert>
    )
  return null
}
