import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FIELDS_LISTED, versionChanges } from '../../publish/page-changes.ts'
import { root } from '../../scripts/lib/paths.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { configOf, edited, pageEdit, siteOf } from '../helpers/random-page-edits.ts'

/** The repository's own config, fresh for each edit. */
const loadConfig = (): SiteConfig => JSON.parse(readFileSync(join(root, 'site.config.json'), 'utf8')) as SiteConfig
const page = (config: SiteConfig, path: string) => config.routes.find((route) => route.path === path)!
type Slides = { slides: Array<{ title: string; trustIndicators: string[] }> }

// 150 comparisons of the whole shipped config take about a second; a busy machine may take several times that.
describe('what a version changed, value by value', { timeout: 60_000 }, () => {
  it('gives the old and the new words of the one field edited, with the block they are in', () => {
    const before = loadConfig()
    const after = loadConfig()
    const oldTitle = (page(before, '/').blocks[0] as unknown as Slides).slides[0]!.title
    ;(page(after, '/').blocks[0] as unknown as Slides).slides[0]!.title = 'Security that never sleeps, for you'
    page(after, '/about').title = 'Who we are'
    const { known, pages, site } = versionChanges(before, after)
    expect(known).toBe(true)
    expect(site).toEqual([])
    expect(pages.map((change) => [change.kind, change.path])).toEqual([
      ['changed', '/'],
      ['changed', '/about'],
    ])
    const [home, about] = pages
    expect(home!.fields).toEqual([])
    expect(home!.blocks).toEqual([
      { kind: 'changed', index: 0, block: page(after, '/').blocks[0], fields: [{ path: ['slides', 0, 'title'], before: oldTitle, after: 'Security that never sleeps, for you' }] },
    ])
    expect(home!.page).toMatchObject({ path: '/', title: page(after, '/').title })
    expect(home!.page).not.toHaveProperty('blocks')
    expect(about!.fields).toEqual([{ path: ['title'], before: 'About Us', after: 'Who we are' }])
    expect(about!.blocks).toEqual([])
  })

  it('says which blocks were added, removed and moved, and lists only the fields of the blocks edited', () => {
    const before = loadConfig()
    const after = loadConfig()
    const blocks = page(after, '/about').blocks
    ;[blocks[3], blocks[4]] = [blocks[4]!, blocks[3]!]
    const removed = blocks.pop()!
    blocks.push(structuredClone(page(before, '/').blocks.find((block) => block.type === 'logoStrip')!))
    const [change] = versionChanges(before, after).pages
    expect(change!.moved).toBe(true)
    expect(change!.blocks.map(({ kind, index, block, fields }) => [kind, index, block.type, fields.length])).toEqual([
      ['added', 7, 'logoStrip', 0],
      ['removed', 7, 'ctaBand', 0],
    ])
    expect(change!.blocks[1]!.block).toEqual(removed)
  })

  it('lists an item added to a list as that item alone, not every item after it', () => {
    const before = loadConfig()
    const after = loadConfig()
    ;(page(after, '/').blocks[0] as unknown as Slides).slides[0]!.trustIndicators.splice(1, 0, 'Local engineers')
    const [change] = versionChanges(before, after).pages
    expect(change!.blocks[0]!.fields).toEqual([{ path: ['slides', 0, 'trustIndicators', 1], after: 'Local engineers' }])
  })

  it('follows a page whose address changed (keeping the old one as an alias), and lists pages added and removed', () => {
    const before = loadConfig()
    const after = loadConfig()
    Object.assign(page(after, '/career'), { path: '/careers', aliases: ['/career'] })
    after.routes.push({ ...structuredClone(page(after, '/contact')), path: '/offices', title: 'Our offices' })
    after.routes = after.routes.filter((route) => route.path !== '/resources/gallery')
    const { pages } = versionChanges(before, after)
    expect(pages.map(({ kind, path, pathBefore, fields }) => ({ kind, path, pathBefore, fields }))).toEqual([
      {
        kind: 'changed',
        path: '/careers',
        pathBefore: '/career',
        fields: [
          { path: ['path'], before: '/career', after: '/careers' },
          { path: ['aliases', 0], after: '/career' },
        ],
      },
      { kind: 'added', path: '/offices', pathBefore: undefined, fields: [] },
      { kind: 'removed', path: '/resources/gallery', pathBefore: undefined, fields: [] },
    ])
    expect(pages[2]!.page.title).toBe(page(before, '/resources/gallery').title)
  })

  it('names the parts outside the pages by where they are, the theme apart, with their fields from the top of the config', () => {
    const before = loadConfig()
    const after = loadConfig()
    after.site.phone = '+91 00000 00000'
    after.navigation.items[0] = { ...after.navigation.items[0]!, label: 'Start' } as (typeof after.navigation.items)[number]
    const { site, pages } = versionChanges(before, after)
    expect(pages).toEqual([])
    after.site.theme = { ...after.site.theme!, primaryColor: '#123456' } as typeof after.site.theme
    expect(site.map(({ path, fields, more }) => ({ path, fields, more }))).toEqual([
      { path: ['site'], fields: [{ path: ['site', 'phone'], before: before.site.phone, after: '+91 00000 00000' }], more: 0 },
      { path: ['navigation'], fields: [{ path: ['navigation', 'items', 0, 'label'], before: 'Home', after: 'Start' }], more: 0 },
    ])
    expect(site[1]!.value).toEqual(after.navigation)
    // The theme apart from the company's other settings, as the editor has a screen for each.
    expect(versionChanges(before, after).site.map((part) => [part.path, part.fields.map((field) => field.path)])).toEqual([
      [['site'], [['site', 'phone']]],
      [['site', 'theme'], [['site', 'theme', 'primaryColor']]],
      [['navigation'], [['navigation', 'items', 0, 'label']]],
    ])
  })

  it('lists at most FIELDS_LISTED fields of a page and counts the rest, so one answer stays small', () => {
    const before = loadConfig()
    const after = loadConfig()
    const about = page(after, '/about')
    about.aliases = Array.from({ length: FIELDS_LISTED + 25 }, (_, index) => `/about-${index}`)
    const [change] = versionChanges(before, after).pages
    expect(change!.fields).toHaveLength(FIELDS_LISTED)
    expect(change!.more).toBe(25)
  })

  it('against no earlier version, every page is added', () => {
    const after = loadConfig()
    const { pages } = versionChanges(undefined, after)
    expect(pages.every((change) => change.kind === 'added')).toBe(true)
    expect(pages).toHaveLength(after.routes.length)
  })

  it('for any edits, reports every page changed or added under its address now, and never a page left alone', () => {
    const base = siteOf(loadConfig())
    fc.assert(
      fc.property(fc.array(pageEdit, { maxLength: 10 }), (edits) => {
        const now = edited(base, edits)
        const { pages } = versionChanges(configOf(base), configOf(now))
        const reported = new Set(pages.filter((change) => change.kind !== 'removed').map((change) => change.path))
        for (const { id, route } of now.pages) {
          const then = base.pages.find((known) => known.id === id)?.route
          const leftAlone = then !== undefined && isDeepStrictEqual(then, route)
          expect(reported.has(route.path)).toBe(!leftAlone)
        }
        for (const change of pages.filter((found) => found.kind === 'changed')) {
          const before = base.pages.find((known) => known.route.path === (change.pathBefore ?? change.path))!.route
          const after = now.pages.find((known) => known.route.path === change.path)!.route
          expect(isDeepStrictEqual(before, after)).toBe(false)
          expect(change.fields.length + change.blocks.length + Number(change.moved)).toBeGreaterThan(0)
        }
      }),
      { seed: 20_260_302, numRuns: 150 },
    )
  })
})
