import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../../site/generated/site-config'
import { historyReducer, type EditorHistory, type HistoryAction } from './editor-history'
import { listItemIds } from './item-identity'
import { insertItem, moveItem, removeItem } from './json-path'

type Card = { title: string }
/** A config with one list of two equal cards and a list of texts, held in the editor's history. */
const file = {
  routes: [{ path: '/', title: 'Home', blocks: [{ type: 'cardGrid', cards: [{ title: 'Same' }, { title: 'Same' }], notes: ['a', 'a', 'b'] }] }],
} as unknown as SiteConfig
const cardsPath = ['routes', 0, 'blocks', 0, 'cards']
const notesPath = ['routes', 0, 'blocks', 0, 'notes']
const at = (history: EditorHistory, path: (string | number)[]) => path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], history.draft) as unknown[]
let clock = 0
const set = (path: (string | number)[], value: unknown): HistoryAction => ({ type: 'set', path, value, at: (clock += 2000) })
const start = () => historyReducer(null!, { type: 'loaded', version: 'v1', config: structuredClone(file) })

const setInFile = (path: (string | number)[], value: unknown) => {
  const copy = structuredClone(file) as unknown as Record<string, unknown>
  const holder = path.slice(0, -1).reduce<Record<string | number, unknown>>((node, key) => node[key] as Record<string | number, unknown>, copy)
  holder[path.at(-1)!] = value
  return copy
}

describe('stable ids of list items', () => {
  it('tells equal items apart, and keeps each one’s id through a move, an edit inside it, undo and redo', () => {
    let history = start()
    const [first, second] = listItemIds(at(history, cardsPath))
    expect(first).not.toBe(second)

    history = historyReducer(history, set(cardsPath, moveItem(at(history, cardsPath), 0, 1)))
    expect(listItemIds(at(history, cardsPath))).toEqual([second, first])

    history = historyReducer(history, set([...cardsPath, 1, 'title'], 'Edited'))
    expect((at(history, cardsPath) as Card[]).map((card) => card.title)).toEqual(['Same', 'Edited'])
    expect(listItemIds(at(history, cardsPath))).toEqual([second, first])

    history = historyReducer(historyReducer(history, { type: 'undo' }), { type: 'undo' })
    expect(listItemIds(at(history, cardsPath))).toEqual([first, second])
    history = historyReducer(history, { type: 'redo' })
    expect(listItemIds(at(history, cardsPath))).toEqual([second, first])
  })

  it('gives a duplicate, equal to its original, an id of its own; a removal leaves the others’ ids', () => {
    const cards = structuredClone(file.routes[0]!.blocks[0] as unknown as { cards: Card[] }).cards
    const ids = listItemIds(cards)
    const duplicated = insertItem(cards, 1, structuredClone(cards[0]!))
    const duplicatedIds = listItemIds(duplicated)
    expect([duplicatedIds[0], duplicatedIds[2]]).toEqual(ids)
    expect(ids).not.toContain(duplicatedIds[1])
    expect(listItemIds(removeItem(duplicated, 0))).toEqual([duplicatedIds[1], ids[1]])
    // A list built without the helpers (a filter) still knows its objects.
    expect(listItemIds(duplicated.filter((_, index) => index !== 1))).toEqual(ids)
  })

  it('gives texts, equal ones included, ids that follow them through a move and an edit', () => {
    let history = start()
    const ids = listItemIds(at(history, notesPath))
    expect(new Set(ids).size).toBe(3)
    history = historyReducer(history, set(notesPath, moveItem(at(history, notesPath), 2, 0)))
    expect(listItemIds(at(history, notesPath))).toEqual([ids[2], ids[0], ids[1]])
    history = historyReducer(history, set([...notesPath, 1], 'changed'))
    expect(listItemIds(at(history, notesPath))).toEqual([ids[2], ids[0], ids[1]])
    history = historyReducer(historyReducer(history, { type: 'undo' }), { type: 'undo' })
    expect(listItemIds(at(history, notesPath))).toEqual(ids)
  })

  it('writes nothing into the config', () => {
    let history = start()
    listItemIds(at(history, cardsPath))
    history = historyReducer(history, set(cardsPath, moveItem(at(history, cardsPath), 0, 1)))
    history = historyReducer(history, set([...cardsPath, 0, 'title'], 'Moved'))
    // Exactly the keys the config had: toStrictEqual fails on any key added.
    expect(JSON.parse(JSON.stringify(history.draft))).toStrictEqual(setInFile([...cardsPath], [{ title: 'Moved' }, { title: 'Same' }]))
  })
})
