import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../../site/generated/site-config'
import { historyReducer, type EditorHistory } from './editor-history'
import { listItemIds } from './item-identity'
import { insertItem } from './json-path'

type Logo = { src: string; alt: string }
/** A home page with a logo strip and an about page, as the server sends the team draft back: new objects, equal values. */
const file = {
  routes: [
    {
      path: '/',
      title: 'Home',
      blocks: [
        {
          type: 'logoStrip',
          logos: [
            { src: '/a.png', alt: 'A' },
            { src: '/b.png', alt: 'B' },
          ],
        },
      ],
    },
    { path: '/about', title: 'About', blocks: [{ type: 'hero', heading: 'Hi' }] },
  ],
} as unknown as SiteConfig
const logosPath = ['routes', 0, 'blocks', 0, 'logos']
const logosOf = (config: SiteConfig) => (config.routes[0]!.blocks[0] as unknown as { logos: Logo[] }).logos
let clock = 0
const start = () => historyReducer(null!, { type: 'loaded', version: 'v1', config: structuredClone(file) })
const addLogo = (history: EditorHistory) =>
  historyReducer(history, { type: 'set', path: logosPath, value: insertItem(logosOf(history.draft), 2, { src: '', alt: '' }), at: (clock += 2000) })
/** The server's answer to a save of `sent`: the same draft, parsed from JSON, with `change` made by someone else. */
const answer = (sent: SiteConfig, change: (config: SiteConfig) => void = () => undefined) => {
  const config = structuredClone(sent)
  change(config)
  return config
}

describe('a team draft’s save merged into the open form', () => {
  it('keeps every list item’s identity and every untouched object, so no row is drawn anew', () => {
    const added = addLogo(start())
    const ids = listItemIds(logosOf(added.draft))
    const merged = historyReducer(added, { type: 'merged', version: 'v1', from: added.draft, config: answer(added.draft) })
    expect(listItemIds(logosOf(merged.draft))).toEqual(ids)
    expect(merged.draft.routes[1]).toBe(added.draft.routes[1])
    expect(merged.draft, 'nothing is left unsent, so nothing is sent again').toBe(merged.saved.config)
  })

  it('keeps an edit made while the save was under way, in the new item, with the item’s identity', () => {
    const added = addLogo(start())
    const sent = added.draft
    const ids = listItemIds(logosOf(sent))
    const uploaded = historyReducer(added, { type: 'set', path: [...logosPath, 2, 'src'], value: '/new.png', at: (clock += 2000) })
    const merged = historyReducer(uploaded, { type: 'merged', version: 'v1', from: sent, config: answer(sent) })
    expect(logosOf(merged.draft)[2]).toEqual({ src: '/new.png', alt: '' })
    expect(listItemIds(logosOf(merged.draft))).toEqual(ids)
    expect(merged.draft, 'the upload is still to be sent').not.toBe(merged.saved.config)
    expect(logosOf(merged.saved.config)[2]!.src).toBe('')
  })

  it('shows another person’s changes and keeps the identity of the items they changed, moved past or left', () => {
    const history = start()
    const ids = listItemIds(logosOf(history.draft))
    const edited = historyReducer(history, {
      type: 'merged',
      version: 'v1',
      from: history.draft,
      config: answer(history.draft, (config) => (logosOf(config)[1]!.alt = 'B Ltd')),
    })
    expect(logosOf(edited.draft)[1]!.alt).toBe('B Ltd')
    expect(listItemIds(logosOf(edited.draft))).toEqual(ids)
    expect(logosOf(edited.draft)[0]).toBe(logosOf(history.draft)[0])

    const removed = historyReducer(edited, {
      type: 'merged',
      version: 'v1',
      from: edited.draft,
      config: answer(edited.draft, (config) => logosOf(config).splice(0, 1)),
    })
    expect(logosOf(removed.draft)).toEqual([{ src: '/b.png', alt: 'B Ltd' }])
    expect(listItemIds(logosOf(removed.draft))).toEqual([ids[1]])
  })
})
