import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../../site/generated/site-config'
import { historyReducer, isBehindSave, undoCrossesSave, type EditorHistory, type HistoryAction } from './editor-history'

const file = { site: { name: 'Before' }, routes: [] } as unknown as SiteConfig
let clock = 0
/** Each edit a second and a half after the last: one undo step each. */
const rename = (name: string): HistoryAction => ({ type: 'set', path: ['site', 'name'], value: name, at: (clock += 1500) })
const run = (...actions: HistoryAction[]) =>
  actions.reduce<EditorHistory>((state, action) => historyReducer(state, action), historyReducer(null!, { type: 'loaded', version: 'v1', config: file }))
const nameOf = (history: EditorHistory) => (history.draft.site as { name: string }).name
const dirty = (history: EditorHistory) => history.draft !== history.saved.config

describe('undo and redo around a save', () => {
  it('undo goes on past the last save, and says so: before the step, and while the file holds a later state', () => {
    let history = run(rename('First'), rename('Second'))
    history = historyReducer(history, { type: 'saved', version: 'v2', config: history.draft, at: 1 })
    expect([dirty(history), undoCrossesSave(history), isBehindSave(history)]).toEqual([false, true, false])

    history = historyReducer(history, { type: 'undo' })
    expect(nameOf(history)).toBe('First')
    // The draft differs from the file again: Save would write "First" over the saved "Second".
    expect([dirty(history), undoCrossesSave(history), isBehindSave(history)]).toEqual([true, false, true])

    history = historyReducer(history, { type: 'redo' })
    expect([nameOf(history), dirty(history), isBehindSave(history)]).toEqual(['Second', false, false])
  })

  it('an edit after going back past the save starts a new line of edits: the saved state is no longer in reach of redo', () => {
    let history = run(rename('First'))
    history = historyReducer(history, { type: 'saved', version: 'v2', config: history.draft, at: 1 })
    history = historyReducer(history, { type: 'undo' })
    history = historyReducer(history, rename('Third'))
    expect([nameOf(history), dirty(history), isBehindSave(history), history.future]).toEqual(['Third', true, false, []])
  })

  it('the file as loaded is not a save: undo back to it is no crossing', () => {
    const history = run(rename('First'))
    expect(undoCrossesSave(history)).toBe(false)
    const back = historyReducer(history, { type: 'undo' })
    expect([nameOf(back), dirty(back), isBehindSave(back)]).toEqual(['Before', false, false])
  })

  it('the saved state is the draft that was sent: an edit made while saving stays unsaved', () => {
    let history = run(rename('Sent'))
    const sent = history.draft
    history = historyReducer(history, rename('Typed while saving'))
    history = historyReducer(history, { type: 'saved', version: 'v2', config: sent, at: 1 })
    expect(dirty(history)).toBe(true)
    history = historyReducer(history, { type: 'undo' })
    expect([nameOf(history), dirty(history)]).toEqual(['Sent', false])
  })
})
