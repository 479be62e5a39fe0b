import { MantineProvider } from '@mantine/core'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Editor } from '../state/use-editor'
import { PublishProgress } from './PublishProgress'

const shown = (state: Partial<Editor>) => {
  const editor = { mode: 'publish', save: { kind: 'saving' }, saveProgress: {}, dirty: true, ...state } as Editor
  const { container } = render(
    <MantineProvider>
      <PublishProgress editor={editor} />
    </MantineProvider>,
  )
  return container.querySelector('[role="status"]')?.textContent ?? ''
}

describe('the publish’s steps beside the save bar', () => {
  it.each([
    [undefined, 'Sending your changes…'],
    [{ step: 'checking' }, 'Checking the site…'],
    [{ step: 'building', render: 1, of: 33, rendered: 0 }, 'Building 1 page of 33…'],
    [{ step: 'building', render: 33, of: 33, rendered: 12 }, 'Building 33 pages of 33 (12 done)…'],
    [{ step: 'switching' }, 'Switching the site to the new version…'],
  ] as const)('while publishing, says the step the server is at: %j', (step, words) => {
    expect(shown({ saveProgress: step ? { step } : {} })).toBe(words)
  })

  it('then how long it took from the click, until the next change', () => {
    expect(shown({ save: { kind: 'saved' }, saveProgress: { tookMs: 412 }, dirty: false })).toBe('Published in 0.4 s')
    expect(shown({ save: { kind: 'saved' }, saveProgress: { tookMs: 412 }, dirty: true })).toBe('')
    // Under `npm run dev` the notice says the file was saved; a save there takes no time worth telling.
    expect(shown({ mode: 'file', save: { kind: 'saved' }, saveProgress: { tookMs: 90 }, dirty: false })).toBe('')
  })

  it('nothing when no save runs or the last one did not go through', () => {
    expect(shown({ save: { kind: 'idle' } })).toBe('')
    expect(shown({ save: { kind: 'refused', message: 'Not published' } })).toBe('')
  })
})
