import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import type { Editor } from '../state/use-editor'
import { siteTimeZoneOf } from '../../../site/zoned-time'
import { BringDraftUpToDate } from './BringDraftUpToDate'
import { DraftList } from './DraftList'
import { DraftReview } from './DraftReview'
import { PreviewLinks } from './PreviewLinks'
import { DraftUpToDateNotice } from './DraftUpToDateNotice'
import { SchedulePublish } from './SchedulePublish'

const timeOf = (at: string) => new Date(at).toLocaleTimeString()

/**
 * The team draft the edits go to (production only): its name, who started it and on which
 * version, when it was last saved and by whom, whether this browser's edits reached the server;
 * what the others saved to it meanwhile; and the list of drafts to open another or start one.
 */
export function TeamDrafts({ editor }: { editor: Editor }) {
  const { team } = editor
  // Shown until the person hides it: a list that closed by itself when the first edit starts a
  // draft would move the form up under their pointer, and their next click would land elsewhere.
  const [listShown, setListShown] = useState(true)
  const [renaming, setRenaming] = useState<string | null>(null)
  const [renameRefusal, setRenameRefusal] = useState<string | null>(null)
  if (!team.enabled || !editor.loaded) return null
  const { open, sending, notice } = team
  const busy = editor.dirty || sending.kind === 'sending'
  const timeZone = siteTimeZoneOf(editor.config)
  return (
    <Paper withBorder p="xs" aria-label="Team draft" component="section">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          {open ? (
            <div>
              <Text size="sm">
                Draft <strong>{open.name}</strong> · started by {open.author} on version {open.base}
              </Text>
              <Text size="xs" c="dimmed" aria-live="polite">
                {sending.kind === 'sending' || editor.dirty ? 'Saving to the draft…' : `Saved to the draft at ${timeOf(open.updatedAt)} by ${open.updatedBy}`}
              </Text>
            </div>
          ) : (
            <Text size="sm">Your edits are saved to a new draft as you make them, shared with the team; open a draft to go on with it.</Text>
          )}
          <Group gap={4} wrap="nowrap">
            {open && (
              <Button size="compact-sm" variant="default" onClick={() => setRenaming(open.name)}>
                Rename
              </Button>
            )}
            <Button size="compact-sm" variant="default" onClick={() => setListShown(!listShown)} aria-expanded={listShown}>
              {listShown ? 'Hide drafts' : 'All drafts'}
            </Button>
            {open && (
              <Button size="compact-sm" variant="subtle" disabled={busy} onClick={() => (team.leave(), void editor.reload())}>
                Leave draft
              </Button>
            )}
          </Group>
        </Group>
        {renaming !== null && (
          <form
            onSubmit={(event) => {
              event.preventDefault()
              void team.rename(renaming).then((refusal) => (setRenameRefusal(refusal), refusal || setRenaming(null)))
            }}
          >
            <Group gap="xs" align="flex-end">
              <TextInput
                size="xs"
                label="Draft name"
                value={renaming}
                onChange={(event) => setRenaming(event.currentTarget.value)}
                maxLength={80}
                error={renameRefusal}
                data-autofocus
              />
              <Button size="xs" type="submit">
                Rename
              </Button>
            </Group>
          </form>
        )}
        {open && <DraftReview draft={open} flush={team.flush} onChanged={team.reviewChanged} />}
        {open && <SchedulePublish draft={open} timeZone={timeZone} onChanged={team.scheduleChanged} whenOutdated={<BringDraftUpToDate team={team} />} />}
        {open && <PreviewLinks key={open.id} draftId={open.id} flush={team.flush} />}
        {open && team.current && open.base !== team.current && (
          <Alert color="orange" title="This draft is on an older version of the site" role="status">
            <Text size="sm" mb="xs">
              It was started on version {open.base}; version {team.current} has been published since. Publishing it is refused, so what was published meanwhile is never undone:
              bring it up to date to move its changes onto version {team.current}.
            </Text>
            <BringDraftUpToDate team={team} />
          </Alert>
        )}
        <DraftUpToDateNotice team={team} />
        {notice && (
          <Alert
            color="blue"
            title={`${notice.by.join(' and ')} saved changes to this draft`}
            role="status"
            withCloseButton
            onClose={team.dismissNotice}
            closeButtonLabel="Dismiss"
          >
            <Text size="sm">Their changes are in the form now: {notice.fields.join('; ')}.</Text>
            {notice.overwritten.length > 0 && <Text size="sm">You changed {notice.overwritten.join('; ')} after them: your words are kept.</Text>}
          </Alert>
        )}
        {(sending.kind === 'unreachable' || sending.kind === 'refused') && (
          <Alert color={sending.kind === 'unreachable' ? 'yellow' : 'red'} role="alert">
            {sending.message}
          </Alert>
        )}
        {listShown && <DraftList team={team} busy={busy} timeZone={timeZone} />}
      </Stack>
    </Paper>
  )
}
