import { Alert, Button, Group, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useNotAllowed } from '../account/use-allowed'
import { useVersionsEnvironment } from './versions-context'
import { restorePage, type RestoreAnswer, type RestoreRequest } from './history-requests'
import type { ActionOutcome } from './ActionOutcomeAlerts'

export type RestoreOutcome = ActionOutcome

interface RestorePageButtonProps {
  request: RestoreRequest
  /** The page's title, as the question and the outcome name it. */
  title: string
  /** What the page goes back to: "as it was before asha’s change of 3 Mar 2026, 14:05". */
  asItWas: string
  /** Said with the question when it matters: the later changes it takes back too, the address it keeps. */
  note?: string
  onDone(outcome: RestoreOutcome): void
}

function outcomeOf(answer: RestoreAnswer, title: string, asItWas: string): RestoreOutcome {
  const { version, message, problems } = answer.body
  if (answer.status === 200 && version) {
    const where = version.restoredPage ? ` at ${version.restoredPage.path}` : ''
    return { ok: true, message: `Restored: “${title}”${where} is ${asItWas} again, published now as a new version. Every other page is as it was.` }
  }
  // The checker's problems, each as `npm run validate` words it, after what happened.
  const listed = problems?.length ? ` ${problems.join(' ')}` : ''
  return { ok: false, message: `${message ?? `The page was not restored (${answer.status}).`}${listed}` }
}

/** Restore this page, after a question that says in words what will happen; the outcome goes to `onDone`. */
export function RestorePageButton({ request, title, asItWas, note, onDone }: RestorePageButtonProps) {
  const { reload, dirty } = useVersionsEnvironment()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const confirm = useRef<HTMLButtonElement>(null)
  const refused = useNotAllowed('POST', 'versions/:id/restore-page')
  // The question takes the focus, so a keyboard or a screen reader is at its buttons.
  useEffect(() => {
    if (asking) confirm.current?.focus()
  }, [asking])

  async function restore() {
    setAsking(false)
    setBusy(true)
    const answer = await restorePage(request).catch((error: unknown): RestoreAnswer => ({ status: 0, body: { message: String(error) } }))
    const outcome = outcomeOf(answer, title, asItWas)
    if (outcome.ok) await reload()
    setBusy(false)
    onDone(outcome)
  }

  if (refused)
    return (
      <Text size="xs" c="dimmed">
        {refused}
      </Text>
    )
  if (!asking)
    return (
      <Button size="xs" variant="default" loading={busy} onClick={() => setAsking(true)}>
        Restore this page
      </Button>
    )
  return (
    <Alert color="orange" role="alertdialog" aria-label={`Restore “${title}”?`}>
      <Text size="sm" mb="xs">
        “{title}” goes back {asItWas}, and the site shows it at once (a new version). Every other page stays as it is now.
        {note ? ` ${note}` : ''}
        {dirty ? ' Your unpublished edits here are dropped when the editor loads the new version.' : ''}
      </Text>
      <Group gap="xs">
        <Button ref={confirm} size="xs" color="orange" onClick={() => void restore()}>
          Restore “{title}”
        </Button>
        <Button size="xs" variant="default" onClick={() => setAsking(false)}>
          Cancel
        </Button>
      </Group>
    </Alert>
  )
}
