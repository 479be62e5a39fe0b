import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { findNodeAtLocation, parseTree } from 'jsonc-parser'
import { describe, expect, it } from 'vitest'
import { NothingToRestore, PageNotFound, restorePage } from '../../publish/page-restore.ts'
import { root } from '../../scripts/lib/paths.ts'
import type { Route, SiteConfig } from '../../site/generated/site-config.ts'
import { configOf, edited, pageEdit, siteOf } from '../helpers/random-page-edits.ts'

const shippedText = readFileSync(join(root, 'site.config.json'), 'utf8')
const shipped = (): SiteConfig => JSON.parse(shippedText) as SiteConfig
const textOf = (config: SiteConfig) => `${JSON.stringify(config, null, 2)}\n`
const page = (config: SiteConfig, path: string) => config.routes.find((route) => route.path === path)!
const withoutAddress = ({ path: _path, aliases: _aliases, ...content }: Route) => content

/** The text of each page in a config's text, by its place. */
function pageTexts(text: string): string[] {
  const routes = findNodeAtLocation(parseTree(text)!, ['routes'])!
  return (routes.children ?? []).map((node) => text.slice(node.offset, node.offset + node.length))
}

// 150 restores of the whole shipped config take seconds; a busy machine may take several times that.
describe('one page put back as it was in a version', { timeout: 60_000 }, () => {
  it('restores the page’s words and blocks, and leaves every other byte of the current text as it is', () => {
    const version = shipped()
    const current = shipped()
    page(current, '/').title = 'A newer home title'
    page(current, '/about').title = 'About Eastbridge, newer'
    current.site.phone = '+91 00000 00000'
    const currentText = textOf(current)
    const restored = restorePage(currentText, version, { page: '/' })
    expect(restored).toMatchObject({ match: 'same-address', path: '/', title: page(version, '/').title })
    const result = JSON.parse(restored.text) as SiteConfig
    expect(page(result, '/')).toEqual(page(version, '/'))
    expect(page(result, '/about').title).toBe('About Eastbridge, newer')
    expect(result.site.phone).toBe('+91 00000 00000')
    const currentLines = currentText.split('\n')
    const changedLines = restored.text.split('\n').filter((line, index) => currentLines[index] !== line)
    expect(changedLines).toEqual([`      "title": ${JSON.stringify(page(version, '/').title)},`])
  })

  it('keeps the address and aliases a page has now, when it moved since and kept the old address as an alias', () => {
    const version = shipped()
    const current = shipped()
    Object.assign(page(current, '/career'), { path: '/careers', aliases: ['/career'], title: 'Work with us' })
    const restored = restorePage(textOf(current), version, { page: '/career' })
    expect(restored).toMatchObject({ match: 'moved', path: '/careers', title: 'Careers' })
    const result = page(JSON.parse(restored.text) as SiteConfig, '/careers')
    expect(result).toEqual({ ...page(version, '/career'), path: '/careers', aliases: ['/career'] })
  })

  it('restores over the page the editor names, whatever its address is now', () => {
    const version = shipped()
    const current = shipped()
    Object.assign(page(current, '/career'), { path: '/jobs', title: 'Jobs' })
    const restored = restorePage(textOf(current), version, { page: '/career', into: '/jobs' })
    expect(restored).toMatchObject({ match: 'moved', path: '/jobs', title: 'Careers' })
    expect(() => restorePage(textOf(current), version, { page: '/career', into: '/nowhere' })).toThrow(
      new PageNotFound('There is no page at /nowhere now: reload the editor to see the pages as they are.'),
    )
  })

  it('brings a deleted page back whole, after the page it followed', () => {
    const version = shipped()
    const current = shipped()
    const index = current.routes.findIndex((route) => route.path === '/contact')
    current.routes.splice(index, 1)
    const restored = restorePage(textOf(current), version, { page: '/contact' })
    expect(restored.match).toBe('brought-back')
    const result = JSON.parse(restored.text) as SiteConfig
    expect(result.routes.map((route) => route.path)).toEqual(version.routes.map((route) => route.path))
    expect(page(result, '/contact')).toEqual(page(version, '/contact'))
  })

  it('refuses a page the version does not have, and a restore that would change nothing', () => {
    expect(() => restorePage(shippedText, shipped(), { page: '/no-such-page' })).toThrow(PageNotFound)
    expect(() => restorePage(shippedText, shipped(), { page: '/about' })).toThrow(new NothingToRestore('About Us'))
  })

  it('for any edits before and after a version: the page restored is that version’s page, every other page and setting is as it is now, byte for byte', () => {
    const base = siteOf(shipped())
    fc.assert(
      fc.property(fc.array(pageEdit, { maxLength: 8 }), fc.array(pageEdit, { maxLength: 8 }), fc.nat(), fc.boolean(), (before, after, pick, named) => {
        const then = edited(base, before)
        const now = edited(then, after)
        const chosen = then.pages[pick % then.pages.length]!
        const same = now.pages.findIndex((candidate) => candidate.id === chosen.id)
        const version = configOf(then)
        const currentText = textOf(configOf(now))
        const into = named && same >= 0 ? now.pages[same]!.route.path : undefined
        let restored: ReturnType<typeof restorePage>
        try {
          restored = restorePage(currentText, version, { page: chosen.route.path, into })
        } catch (error) {
          if (!(error instanceof NothingToRestore)) throw error
          // Nothing to do only when the page now already is that version's page.
          expect(same).toBeGreaterThanOrEqual(0)
          expect(withoutAddress(now.pages[same]!.route)).toEqual(withoutAddress(chosen.route))
          return
        }
        const result = JSON.parse(restored.text) as SiteConfig
        const at = result.routes.findIndex((route) => route.path === restored.path)
        expect(withoutAddress(result.routes[at]!)).toEqual(withoutAddress(chosen.route))
        const others = result.routes.filter((_, index) => index !== at)
        const found = named ? same : now.pages.findIndex((candidate) => candidate.route.path === restored.path)
        if (restored.match === 'brought-back') {
          expect(result.routes[at]).toEqual(chosen.route)
          expect(others).toEqual(now.pages.map((known) => known.route))
        } else {
          // Over the same page, when the editor named it; else over the page with one of its addresses.
          if (named) expect(now.pages[found]!.id).toBe(chosen.id)
          expect(result.routes[at]!.path).toBe(now.pages[found]!.route.path)
          expect(result.routes[at]!.aliases).toEqual(now.pages[found]!.route.aliases)
          expect(others).toEqual(now.pages.filter((_, index) => index !== found).map((known) => known.route))
        }
        const { routes: _restoredRoutes, ...restoredSite } = result
        expect(restoredSite).toEqual(now.config)
        // Written as a save writes: every other page's text and everything before the pages untouched.
        const nowTexts = pageTexts(currentText)
        const otherTexts = pageTexts(restored.text).filter((_, index) => index !== at)
        expect(otherTexts).toEqual(restored.match === 'brought-back' ? nowTexts : nowTexts.filter((_, index) => index !== found))
        const routesStart = currentText.indexOf('"routes"')
        expect(restored.text.slice(0, routesStart)).toBe(currentText.slice(0, routesStart))
      }),
      { seed: 20_260_301, numRuns: 150 },
    )
  })
})
