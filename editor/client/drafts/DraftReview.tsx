import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { useState } from 'react'
import { useNotAllowed } from '../account/use-allowed'
import { askReview, sendBack, type DraftMeta } from '../api/draft-api'
import { DraftChanges } from './DraftChanges'
import { reviewInWords } from './review-words'

/** As the server bounds a note or a comment. */
const WORDS_LENGTH = 2000

type Outcome = { color: 'green' | 'yellow' | 'red'; words: string }

/**
 * The open draft's review: where it is (draft, in review, sent back with the publisher's comment);
 * Ask for review with an optional note, for anyone; and for a publisher, a draft in review's
 * changes page by page and Send back with a comment. Publishing it is the editor's own Publish: the
 * form and its preview show this draft already, so the publisher looks at the preview there.
 */
export function DraftReview({ draft, flush, onChanged }: { draft: DraftMeta; flush(): Promise<boolean>; onChanged(draft: DraftMeta): void }) {
  const mayReview = !useNotAllowed('POST', 'drafts/:id/send-back')
  const [writing, setWriting] = useState<{ kind: 'ask' | 'send-back'; words: string } | null>(null)
  const [showChanges, setShowChanges] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const { review } = draft
  const inReview = review?.state === 'in-review'

  async function submit(kind: 'ask' | 'send-back', words: string) {
    if (!(await flush())) return setOutcome({ color: 'red', words: 'Your last edits could not be saved to the draft, so nothing was asked: try again once they are saved.' })
    const answer = await (kind === 'ask' ? askReview(draft.id, words) : sendBack(draft.id, words)).catch(() => undefined)
    if (!answer) return setOutcome({ color: 'red', words: 'The server cannot be reached; nothing was changed. Try again once it answers.' })
    if (answer.status !== 200) return setOutcome({ color: 'red', words: answer.body.message ?? `The server refused (${answer.status}).` })
    setWriting(null)
    onChanged(answer.body.draft)
    const { notified } = answer.body
    const mailed = `${notified === 1 ? 'One person was' : `${notified} people were`} mailed.`
    if (kind === 'send-back')
      setOutcome({ color: 'green', words: `Sent back to ${answer.body.draft.author}. ${notified > 0 ? mailed : 'They have no e-mail address: nobody was mailed.'}` })
    else
      setOutcome(
        notified > 0
          ? { color: 'green', words: `Asked for a review. ${mailed}` }
          : { color: 'yellow', words: `Asked for a review. ${'notice' in answer.body ? answer.body.notice : ''}` },
      )
  }

  return (
    <Stack gap={4} aria-label="Review" component="section">
      <Text size="sm" data-testid="draft-review-state">
        {reviewInWords(review)}
      </Text>
      {inReview && review.note && <Text size="sm">Note: “{review.note}”</Text>}
      <Group gap={4}>
        {!inReview && (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setWriting(writing?.kind === 'ask' ? null : { kind: 'ask', words: '' })}
            aria-expanded={writing?.kind === 'ask'}
          >
            Ask for review…
          </Button>
        )}
        {inReview && mayReview && (
          <>
            <Button size="compact-sm" variant="default" onClick={() => setShowChanges(!showChanges)} aria-expanded={showChanges}>
              {showChanges ? 'Hide its changes' : 'Review its changes'}
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => setWriting(writing?.kind === 'send-back' ? null : { kind: 'send-back', words: '' })}
              aria-expanded={writing?.kind === 'send-back'}
            >
              Send back…
            </Button>
          </>
        )}
      </Group>
      {inReview && mayReview && showChanges && (
        <>
          <Text size="sm" c="dimmed">
            The form and its preview show this draft: look at it there, then Publish it, or send it back with what to change.
          </Text>
          <DraftChanges id={draft.id} revision={draft.revision} />
        </>
      )}
      {writing && (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void submit(writing.kind, writing.words)
          }}
        >
          <Stack gap={4}>
            <Textarea
              size="xs"
              autosize
              minRows={2}
              label={writing.kind === 'ask' ? 'Note to the publishers (optional)' : 'What to change (the author reads it)'}
              value={writing.words}
              onChange={(event) => setWriting({ ...writing, words: event.currentTarget.value })}
              maxLength={WORDS_LENGTH}
              required={writing.kind === 'send-back'}
              data-autofocus
            />
            <Button size="xs" type="submit" style={{ alignSelf: 'flex-start' }}>
              {writing.kind === 'ask' ? 'Ask for review' : 'Send back'}
            </Button>
          </Stack>
        </form>
      )}
      {outcome && (
        <Alert color={outcome.color} role={outcome.color === 'red' ? 'alert' : 'status'} withCloseButton onClose={() => setOutcome(null)} closeButtonLabel="Dismiss">
          {outcome.words}
        </Alert>
      )}
    </Stack>
  )
}
