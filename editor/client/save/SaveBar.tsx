import { Alert, Button, Group, Text, Tooltip } from '@mantine/core'
import { useEffect, useRef } from 'react'
import type { Editor } from '../state/use-editor'
import { BringDraftUpToDate } from '../drafts/BringDraftUpToDate'
import { PublishProgress } from './PublishProgress'
import { SAVE_WORDS } from '../state/save-words'
import { VersionChanges } from '../versions/VersionChanges'

const timeOf = (at: number) => new Date(at).toLocaleTimeString()

/** Undo, redo and Save, with what happened to the last save. */
export function SaveBar({ editor }: { editor: Editor }) {
  const { save, problems, checking, team } = editor
  // On a production server the edits are saved to the team draft as they are made: what is left to do is publishing it.
  const dirty = editor.dirty || Boolean(team?.hasChanges)
  const words = editor.words ?? SAVE_WORDS.file
  const status = checking
    ? 'Checking…'
    : problems.length > 0
      ? `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`
      : editor.behindSave
        ? `Unsaved: undone past your save of ${timeOf(editor.savedAt ?? 0)}`
        : dirty
          ? words.unsaved
          : words.allDone
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c={problems.length > 0 ? 'red.8' : 'dimmed'} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
        {status}
      </Text>
      <Tooltip label={`Undo goes back past your last save (${timeOf(editor.savedAt ?? 0)})`} disabled={!editor.undoCrossesSave}>
        <Button variant="default" onClick={editor.undo} disabled={!editor.canUndo}>
          Undo
        </Button>
      </Tooltip>
      <Button variant="default" onClick={editor.redo} disabled={!editor.canRedo}>
        Redo
      </Button>
      {team?.enabled && team.role === 'editor' ? (
        <Tooltip label="Only publishers and admins publish: your edits are saved in the draft. Press Ask for review… in the draft's panel to tell them it is ready.">
          <Button variant="light" disabled>
            Ask a publisher
          </Button>
        </Tooltip>
      ) : (
        <Button onClick={() => void editor.saveNow()} loading={save.kind === 'saving'} disabled={!dirty && save.kind !== 'conflict'}>
          {words.action}
        </Button>
      )}
      <PublishProgress editor={editor} />
    </Group>
  )
}

/**
 * The outcome of the last save, as a notice under the bar: refused (why), conflict (what to do),
 * saved; and, after undo went back past the last save, that the file still holds what was saved.
 * A refusal, failure or conflict is brought into view, as the author may be far down a form; a
 * refusal or failure, which only a Save (or a reload) brings, takes the focus too, so a screen
 * reader reads it. A conflict found by the check while typing leaves the focus in the field.
 */
export function SaveNotice({ editor }: { editor: Editor }) {
  const { save } = editor
  const words = editor.words ?? SAVE_WORDS.file
  const outcome = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (save.kind !== 'refused' && save.kind !== 'failed' && save.kind !== 'conflict') return
    // jsdom has no scrolling.
    outcome.current?.scrollIntoView?.({ block: 'nearest' })
    if (save.kind !== 'conflict') outcome.current?.focus({ preventScroll: true })
  }, [save])
  return (
    <>
      {editor.behindSave && (
        <Alert color="yellow" title="Undo went back past your last save" role="status">
          {words.behindSave(timeOf(editor.savedAt ?? 0))}
        </Alert>
      )}
      {save.kind === 'conflict' && (
        <Alert ref={outcome} tabIndex={-1} color="orange" title={words.conflictTitle} role="alert">
          <Text size="sm" mb="xs">
            {save.message}
          </Text>
          {save.current && <VersionChanges version={save.current} />}
          {editor.team.open && <BringDraftUpToDate team={editor.team} />}
          <Button size="xs" color="orange" onClick={() => void editor.reload()}>
            {words.reload}
          </Button>
        </Alert>
      )}
      {(save.kind === 'refused' || save.kind === 'failed') && (
        <Alert ref={outcome} tabIndex={-1} color="red" title={words.notDone} role="alert">
          {save.message}
        </Alert>
      )}
      {save.kind === 'saved' && !editor.dirty && (
        <Alert color="green" role="status">
          {save.message}
        </Alert>
      )}
    </>
  )
}
