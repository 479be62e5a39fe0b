import { Group, Loader, Text } from '@mantine/core'
import type { PublishStep } from '../api/editor-api'
import type { Editor } from '../state/use-editor'

const pages = (count: number) => `${count} ${count === 1 ? 'page' : 'pages'}`

/** What the server is doing, in the words of someone waiting for their change to be live. */
function stepWords(step: PublishStep | undefined): string {
  if (!step) return 'Sending your changes…'
  if (step.step === 'checking') return 'Checking the site…'
  if (step.step === 'switching') return 'Switching the site to the new version…'
  const done = step.render > 1 && step.rendered > 0 ? ` (${step.rendered} done)` : ''
  return `Building ${pages(step.render)} of ${step.of}${done}…`
}

/**
 * Beside the save bar: while a save (a publish, on a production server) runs, the step the server
 * is at as it reports it (checking, building N pages of M, switching); once a publish went through,
 * how long it took from the click ("Published in 0.4 s"), until the next change. A save of the file
 * under `npm run dev` is done as soon as it is checked: its notice says so.
 */
export function PublishProgress({ editor }: { editor: Editor }) {
  const { save, saveProgress } = editor
  // Done (the editor may still be loading the version it made): the time stands until the next change.
  if (editor.mode === 'publish' && saveProgress?.tookMs !== undefined && !editor.dirty)
    return (
      <Text size="sm" c="dimmed" role="status">
        Published in {(saveProgress.tookMs / 1000).toFixed(1)} s
      </Text>
    )
  if (save.kind !== 'saving') return null
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite">
      <Loader size="xs" aria-hidden />
      <Text size="sm">{stepWords(saveProgress?.step)}</Text>
    </Group>
  )
}
