import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { describeChange, summarizeChange } from '../../publish/change-summary.ts'
import { root } from '../../scripts/lib/paths.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'

/** The repository's own config, fresh for each edit. */
const loadConfig = (): SiteConfig => JSON.parse(readFileSync(join(root, 'site.config.json'), 'utf8')) as SiteConfig
const page = (config: SiteConfig, path: string) => config.routes.find((route) => route.path === path)!

describe('what changed between two versions of site.config.json', () => {
  it('names the one block of /about whose heading changed, by its place and type', () => {
    const before = loadConfig()
    const after = loadConfig()
    ;(page(after, '/about').blocks[2] as { heading: string }).heading = 'Eastbridge in Figures'
    const summary = summarizeChange(before, after)
    expect(summary).toEqual({ routes: { added: [], removed: [], changed: [{ path: '/about', what: ['blocks changed: 3. stats'] }] }, site: [] })
    expect(describeChange(summary)).toBe('/about: blocks changed: 3. stats')
  })

  it('lists a new page as added, and a deleted one as removed', () => {
    const before = loadConfig()
    const after = loadConfig()
    after.routes.push({ ...page(after, '/contact'), path: '/offices', title: 'Our offices' })
    after.routes = after.routes.filter((route) => route.path !== '/resources/gallery')
    const summary = summarizeChange(before, after)
    expect(summary.routes.added).toEqual(['/offices'])
    expect(summary.routes.removed).toEqual(['/resources/gallery'])
    expect(summary.routes.changed).toEqual([])
    expect(describeChange(summary)).toBe('pages added: /offices; pages removed: /resources/gallery')
  })

  it('names title, description, aliases and a path changed in place', () => {
    const before = loadConfig()
    const after = loadConfig()
    const about = page(after, '/about')
    about.title = 'Who we are'
    about.description = 'Another sentence.'
    about.aliases = ['/About-Us']
    page(after, '/career').path = '/careers'
    const { routes } = summarizeChange(before, after)
    expect(routes.changed).toEqual([
      { path: '/about', what: ['aliases', 'title', 'description'] },
      { path: '/careers', what: ['path (/career → /careers)'] },
    ])
    expect(routes.added).toEqual([])
    expect(routes.removed).toEqual([])
  })

  it('tells blocks added, removed and moved apart from blocks edited', () => {
    const before = loadConfig()
    const after = loadConfig()
    const blocks = page(after, '/about').blocks
    // Swap 4 and 5, drop the last (ctaBand), add a copy of the first at the end.
    ;[blocks[3], blocks[4]] = [blocks[4]!, blocks[3]!]
    blocks.pop()
    blocks.push({ ...page(before, '/').blocks.find((block) => block.type === 'logoStrip')! })
    expect(summarizeChange(before, after).routes.changed).toEqual([{ path: '/about', what: ['blocks added: 8. logoStrip', 'blocks removed: 8. ctaBand', 'blocks moved'] }])
  })

  it('a block inserted near the top changes nothing below it', () => {
    const before = loadConfig()
    const after = loadConfig()
    const blocks = page(after, '/about').blocks
    blocks.splice(1, 0, { ...blocks[1]!, heading: 'A new section' } as (typeof blocks)[number])
    expect(summarizeChange(before, after).routes.changed).toEqual([{ path: '/about', what: ['blocks added: 2. textSection'] }])
  })

  it('names the parts outside the pages: the theme apart from the other site settings, navigation, footer, forms', () => {
    const before = loadConfig()
    const after = loadConfig()
    after.site.theme = { ...after.site.theme!, primaryColor: '#123456' } as typeof after.site.theme
    after.site.phone = '+91 00000 00000'
    after.footer = { ...after.footer, copyrightHolder: 'Someone else' } as typeof after.footer
    after.navigation = structuredClone(after.navigation)
    after.forms = structuredClone(after.forms)
    const summary = summarizeChange(before, after)
    expect(summary.site).toEqual(['site', 'theme', 'footer'])
    expect(summary.routes.changed).toEqual([])
    expect(describeChange(summary)).toBe('changed: site, theme, footer')
  })

  it('the first version: every page added, every part new; the same config: no change', () => {
    const config = loadConfig()
    const first = summarizeChange(undefined, config)
    expect(first.routes.added).toHaveLength(config.routes.length)
    expect(first.site).toEqual(expect.arrayContaining(['site', 'navigation', 'footer', 'forms']))
    expect(describeChange(summarizeChange(config, loadConfig()))).toBe('no change')
  })
})
