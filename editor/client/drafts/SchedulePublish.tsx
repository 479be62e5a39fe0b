import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { localParts } from '../../../site/zoned-time'
import { useNotAllowed } from '../account/use-allowed'
import { scheduleDraft, unscheduleDraft, type DraftMeta } from '../api/draft-api'
import { scheduleInWords } from './schedule-words'

/**
 * The open draft's scheduled publish (publishers only may change it): what is planned or what came
 * of it, with a failure's words; "Schedule publish…" with a date and a time on the site's clock,
 * labelled with its zone (the person may be elsewhere); and cancelling.
 */
export function SchedulePublish({
  draft,
  timeZone,
  onChanged,
  whenOutdated,
}: {
  draft: DraftMeta
  timeZone: string
  onChanged(draft: DraftMeta): void
  /** Shown under a refusal because the draft is on an older version than the site now (409). */
  whenOutdated?: ReactNode
}) {
  const notAllowed = useNotAllowed('POST', 'drafts/:id/schedule')
  const [picking, setPicking] = useState<{ date: string; time: string } | null>(null)
  const [refusal, setRefusal] = useState<{ message: string; /** The base of a draft refused for being on an older version. */ outdatedBase?: string } | null>(null)
  const { schedule } = draft
  const pending = schedule && !schedule.outcome

  const done = (answer: { status: number; body: { draft?: DraftMeta; message?: string } }) => {
    if (answer.status !== 200 || !answer.body.draft)
      return setRefusal({ message: answer.body.message ?? `The server refused (${answer.status}).`, ...(answer.status === 409 ? { outdatedBase: draft.base } : {}) })
    setRefusal(null)
    setPicking(null)
    onChanged(answer.body.draft)
  }
  const send = (work: Promise<{ status: number; body: { draft?: DraftMeta; message?: string } }>) =>
    void work.then(done, () => setRefusal({ message: 'The server cannot be reached; nothing was changed. Try again once it answers.' }))

  return (
    <Stack gap={4} aria-label="Scheduled publish" component="section">
      {schedule && (
        <Text size="sm" data-testid="draft-schedule">
          {scheduleInWords(schedule, timeZone)}
        </Text>
      )}
      {schedule?.outcome?.status === 'failed' && (
        <Alert color="red" title="The scheduled publish failed" role="alert">
          {schedule.outcome.words}
        </Alert>
      )}
      {!notAllowed && (
        <Group gap={4}>
          <Button size="compact-sm" variant="default" onClick={() => setPicking(picking ? null : localParts(Date.now() + 60 * 60_000, timeZone))} aria-expanded={picking !== null}>
            {pending ? 'Move the scheduled publish…' : 'Schedule publish…'}
          </Button>
          {pending && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => send(unscheduleDraft(draft.id))}>
              Cancel the scheduled publish
            </Button>
          )}
        </Group>
      )}
      {picking && (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            send(scheduleDraft(draft.id, { ...picking, timeZone }))
          }}
        >
          <Group gap="xs" align="flex-end">
            <TextInput
              size="xs"
              type="date"
              label={`Date (${timeZone})`}
              value={picking.date}
              onChange={(event) => setPicking({ ...picking, date: event.currentTarget.value })}
              required
            />
            <TextInput
              size="xs"
              type="time"
              label={`Time (${timeZone})`}
              value={picking.time}
              onChange={(event) => setPicking({ ...picking, time: event.currentTarget.value })}
              required
            />
            <Button size="xs" type="submit">
              Schedule
            </Button>
          </Group>
        </form>
      )}
      {refusal && (
        <Text size="sm" c="red.8" role="alert">
          {refusal.message}
        </Text>
      )}
      {refusal?.outdatedBase === draft.base && whenOutdated}
    </Stack>
  )
}
