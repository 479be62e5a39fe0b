import { describe, expect, it } from 'vitest'
import { diffBlocks, diffConfigs } from './config-diff'
import { blockChangeText, routeChangeLines } from './describe-changes'

const hero = { type: 'pageHero', title: 'About Us', subtitle: 'Since 2016' }
const story = { type: 'textSection', heading: 'Our Story', paragraphs: ['Founded in Kolkata.', 'Then Bengaluru.'] }
const cards = { type: 'cardGrid', items: [{ title: 'Cloud' }, { title: 'Security' }] }
const cta = { type: 'ctaBand', title: 'Talk to us' }

const config = (routes: unknown[], site: Record<string, unknown> = {}) => ({
  $schema: './schemas/site.schema.json',
  site: { name: 'Eastbridge', theme: { primaryColor: '#0040c5' }, ...site },
  navigation: { items: [{ label: 'Home', to: '/' }] },
  routes,
})
const about = (blocks: unknown[], fields: Record<string, unknown> = {}) => ({ path: '/about', title: 'About Us', blocks, ...fields })

describe("a page's blocks before and after", () => {
  it('name the one block whose text changed, and the field', () => {
    const edited = { ...story, paragraphs: ['Founded in Howrah.', 'Then Bengaluru.'] }
    const changes = diffBlocks([hero, story, cta], [hero, edited, cta])
    expect(changes).toEqual([{ kind: 'changed', type: 'textSection', index: 1, from: 1, fields: ['paragraphs[0]'] }])
    expect(blockChangeText(changes[0]!)).toBe('blocks[1] (textSection) changed: paragraphs[0]')
  })

  it('call a block inserted at the top added, without calling the blocks below it moved', () => {
    expect(diffBlocks([story, cta], [hero, story, cta])).toEqual([{ kind: 'added', type: 'pageHero', index: 0 }])
  })

  it('call a removed block removed, at its old place', () => {
    expect(diffBlocks([hero, story, cta], [hero, cta])).toEqual([{ kind: 'removed', type: 'textSection', index: 1 }])
  })

  it('call a block that swapped places moved', () => {
    const changes = diffBlocks([hero, story, cards, cta], [hero, cards, story, cta])
    expect(changes).toHaveLength(1)
    expect(blockChangeText(changes[0]!)).toMatch(/^blocks\[\d\] \((textSection|cardGrid)\) moved from blocks\[\d\]$/)
  })

  it('say where a changed block was when blocks before it were added', () => {
    const edited = { ...cards, items: [{ title: 'Cloud' }, { title: 'Cyber security' }] }
    const changes = diffBlocks([hero, cards], [hero, story, edited])
    expect(changes.map(blockChangeText)).toEqual(['blocks[1] (textSection) added', 'blocks[2] (cardGrid) changed, was blocks[1]: items[1].title'])
  })

  it('call a block replaced by one of another type removed and added', () => {
    expect(diffBlocks([hero, story], [hero, cards])).toEqual([
      { kind: 'removed', type: 'textSection', index: 1 },
      { kind: 'added', type: 'cardGrid', index: 1 },
    ])
  })

  it('find no change when only the order of a block’s keys differs', () => {
    expect(diffBlocks([{ heading: 'Our Story', type: 'textSection', paragraphs: story.paragraphs }], [story])).toEqual([])
  })
})

describe('two site configs', () => {
  it('report only the page whose block changed', () => {
    const home = { path: '/', title: 'Home', blocks: [hero] }
    const diff = diffConfigs(config([home, about([hero, story])]), config([home, about([hero, { ...story, heading: 'Our History' }])]))
    expect(diff.siteWide).toEqual([])
    expect(diff.routes.map((route) => [route.path, ...routeChangeLines(route)])).toEqual([['/about', 'blocks[1] (textSection) changed: heading']])
  })

  it("report a page's own fields that changed", () => {
    const diff = diffConfigs(config([about([hero])]), config([about([hero], { title: 'About', description: 'Who we are' })]))
    expect(diff.routes).toEqual([{ path: '/about', status: 'changed', fields: ['title', 'description'], blocks: [] }])
  })

  it('report pages added and removed, matched by path', () => {
    const diff = diffConfigs(config([about([hero])]), config([{ path: '/careers', title: 'Careers', blocks: [hero, cta] }]))
    expect(diff.routes.map((route) => `${route.path} ${routeChangeLines(route).join()}`)).toEqual([
      '/careers page added (blocks: pageHero, ctaBand)',
      '/about page removed (blocks: pageHero)',
    ])
  })

  it('report the site-wide parts that changed, which touch every page', () => {
    const before = config([about([hero])])
    const after = { ...config([about([hero])], { theme: { primaryColor: '#aa0000' } }), navigation: { items: [{ label: 'Start', to: '/' }] } }
    expect(diffConfigs(before, after)).toEqual({ siteWide: ['site.theme.primaryColor', 'navigation.items[0].label'], routes: [] })
  })

  it('read a malformed config (no routes, a route without a path) as having no pages', () => {
    expect(diffConfigs({ routes: [{ title: 'x' }, 'nonsense'] }, undefined)).toEqual({ siteWide: [], routes: [] })
    expect(diffConfigs(undefined, config([about([hero])])).routes).toEqual([
      { path: '/about', status: 'added', fields: [], blocks: [{ kind: 'added', type: 'pageHero', index: 0 }] },
    ])
  })
})
