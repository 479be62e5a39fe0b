import { MantineProvider } from '@mantine/core'
import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Editor } from '../state/use-editor'
import { VersionsContext } from '../versions/versions-context'
import { problemPlace } from './problem-place'
import { SaveBar, SaveNotice } from './SaveBar'
import { SAVE_WORDS } from '../state/save-words'

const editorWith = (state: Partial<Editor>) =>
  ({ save: { kind: 'idle' }, dirty: true, behindSave: false, savedAt: Date.UTC(2025, 0, 1, 9, 30), reload: async () => {}, team: { open: null }, ...state }) as Editor
function show(state: Partial<Editor>) {
  const { rerender } = render(
    <MantineProvider>
      <input aria-label="A field far down the form" />
      <SaveNotice editor={editorWith({})} />
    </MantineProvider>,
  )
  screen.getByRole('textbox').focus()
  rerender(
    <MantineProvider>
      <input aria-label="A field far down the form" />
      <SaveNotice editor={editorWith(state)} />
    </MantineProvider>,
  )
}

describe('the notice under the save bar', () => {
  it('brings a refused save into view and reads it out: it takes the focus from the field', () => {
    show({ save: { kind: 'refused', message: 'Not saved: the page has a problem (listed below, and marked on their fields).' } })
    expect(document.activeElement).toBe(screen.getByRole('alert'))
    expect(document.activeElement?.textContent).toContain('Not saved: the page has a problem')
  })

  it('says that undo went back past the last save, and what Save and Redo do now; the bar says it is unsaved', () => {
    show({ behindSave: true })
    render(
      <MantineProvider>
        <SaveBar editor={editorWith({ behindSave: true, problems: [], checking: false, canUndo: true, canRedo: true, undoCrossesSave: false, undo: () => {}, redo: () => {} })} />
      </MantineProvider>,
    )
    expect(screen.getByText(/^Unsaved: undone past your save of /)).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe(
      `Undo went back past your last saveThe file still holds what you saved at ${new Date(Date.UTC(2025, 0, 1, 9, 30)).toLocaleTimeString()}. What you see now is unsaved: Save writes it, Redo goes forward to what you saved.`,
    )
  })
})

describe('the save bar where Save publishes (a production server)', () => {
  it('reads Publish, and a conflict names who published meanwhile, when, and what changed', () => {
    const current = {
      id: 'v7',
      author: 'ben',
      publishedAt: '2026-01-05T10:00:00.000Z',
      base: 'v6',
      summary: { routes: { added: ['/careers'], removed: [], changed: [{ path: '/', what: ['title', 'blocks 3 (cards)'] }] }, site: ['navigation'] },
    }
    render(
      <MantineProvider>
        <SaveBar
          editor={editorWith({ words: SAVE_WORDS.publish, problems: [], checking: false, canUndo: true, canRedo: false, undoCrossesSave: false, undo: () => {}, redo: () => {} })}
        />
        <VersionsContext.Provider value={{ reload: async () => {}, dirty: true, published: true, placeOf: problemPlace }}>
          <SaveNotice editor={editorWith({ words: SAVE_WORDS.publish, save: { kind: 'conflict', message: 'Someone published since you loaded the site.', current } })} />
        </VersionsContext.Provider>
      </MantineProvider>,
    )
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy()
    expect(screen.getByText('Unpublished changes')).toBeTruthy()
    const notice = screen.getByRole('alert')
    expect(notice.textContent).toContain('Someone published meanwhile')
    expect(notice.textContent).toContain(`Published by ben, ${new Date(current.publishedAt).toLocaleString()}`)
    // In the screens' words: the summary's own words about blocks are the versions command's.
    expect([...notice.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['New page: /careers', 'Changed: /', 'Also changed: Header menu'])
    expect(screen.getByRole('button', { name: /^Load the published version/ })).toBeTruthy()
  })

  it('offers to bring the open team draft up to date on a conflict, and moves it when clicked', async () => {
    let moved = 0
    const team = { open: { id: 'AAAAAAAAAAAAAAAA' }, rebase: async () => (moved++, null) } as unknown as Editor['team']
    render(
      <MantineProvider>
        <SaveNotice editor={editorWith({ words: SAVE_WORDS.publish, team, save: { kind: 'conflict', message: 'Someone published since you loaded the site.' } })} />
      </MantineProvider>,
    )
    screen.getByRole('button', { name: 'Bring the draft up to date' }).click()
    await waitFor(() => expect(moved).toBe(1))
  })
})
