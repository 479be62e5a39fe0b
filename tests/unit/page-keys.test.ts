import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { withSchemaDefaults } from '../../authoring/config/config-defaults.ts'
import { earlierKeysOf, NOT_FOUND_PAGE, pagesToRender } from '../../content/page-keys.ts'
import { root } from '../../scripts/lib/paths.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'

/**
 * Which pages a publish renders again (content/page-keys.ts): the pages whose own content changed,
 * and every page for a change any page shows (menus, footer, theme, words, settings, forms, the
 * list of pages). The shipped config, edited as an editor would.
 */
const shipped = JSON.parse(fs.readFileSync(path.join(root, 'site.config.json'), 'utf8')) as SiteConfig
const edited = (edit: (config: SiteConfig) => void) => {
  const config = structuredClone(shipped)
  edit(config)
  return withSchemaDefaults(config)
}
const route = (config: SiteConfig, at: string) => config.routes.find((candidate) => candidate.path === at)!
/** The shipped config's pages, built in `year` (each page's file says when it was rendered). */
const builtIn = (year: number, missing?: string) =>
  earlierKeysOf(
    edited(() => {}),
    {},
    (page) => (page === missing ? undefined : year),
  )
const rendered = (edit: (config: SiteConfig) => void) => [...pagesToRender(edited(edit), {}, builtIn(2026), 2026)].sort()
const everyPage = [...shipped.routes.map((candidate) => candidate.path), NOT_FOUND_PAGE].sort()

describe('the pages a publish renders again', () => {
  it('none when nothing changed, every one when there is nothing built to keep', () => {
    expect(rendered(() => {})).toEqual([])
    expect(
      pagesToRender(
        edited(() => {}),
        {},
        undefined,
      ).size,
    ).toBe(everyPage.length)
  })

  it('only the page whose heading, title or description changed', () => {
    expect(rendered((config) => void ((route(config, '/about').blocks[0] as { heading: string }).heading = 'Who we are'))).toEqual(['/about'])
    expect(rendered((config) => void (route(config, '/contact').description = 'Write to us.'))).toEqual(['/contact'])
    expect(rendered((config) => void route(config, '/career').blocks.pop())).toEqual(['/career'])
  })

  it('a page and the pages under it when its title changed: their breadcrumbs name it', () => {
    const under = shipped.routes.map((candidate) => candidate.path).filter((at) => at.startsWith('/security_solutions/'))
    expect(under.length).toBeGreaterThan(3)
    expect(rendered((config) => void (route(config, '/security_solutions').title = 'Security'))).toEqual(['/security_solutions', ...under].sort())
  })

  it('every page for a change in what every page shows: a menu label, the footer, the phone, the theme, the words, the forms', () => {
    expect(rendered((config) => void (config.navigation.items[0]!.label = 'Start'))).toEqual(everyPage)
    expect(rendered((config) => void (config.footer.columns = config.footer.columns.slice(1)))).toEqual(everyPage)
    expect(rendered((config) => void (config.site.phone = '+1 555 0100'))).toEqual(everyPage)
    expect(rendered((config) => void (config.site.theme = { ...config.site.theme, primaryColor: '#aa3300' }))).toEqual(everyPage)
    expect(rendered((config) => void (config.texts = { ...config.texts, notFound: { ...config.texts?.notFound, title: 'Nothing here' } } as SiteConfig['texts']))).toEqual(
      everyPage,
    )
    expect(rendered((config) => void (config.forms = {}))).toEqual(everyPage)
  })

  it('every page when a page is added, removed or moved: each page carries the list of pages', () => {
    expect(rendered((config) => void config.routes.push({ ...route(config, '/about'), path: '/about-us' }))).toEqual([...everyPage, '/about-us'].sort())
    expect(rendered((config) => void (config.routes = config.routes.filter((candidate) => candidate.path !== '/resources/gallery')))).toEqual(
      everyPage.filter((at) => at !== '/resources/gallery'),
    )
    expect(rendered((config) => void (route(config, '/resources/events').aliases = ['/events']))).toEqual(everyPage)
  })

  it('every page in a new year (the footer prints the year it was rendered in), and a page whose file is gone', () => {
    expect(
      [
        ...pagesToRender(
          edited(() => {}),
          {},
          builtIn(2025),
          2026,
        ),
      ].sort(),
    ).toEqual(everyPage)
    expect([
      ...pagesToRender(
        edited(() => {}),
        {},
        builtIn(2026, '/career'),
        2026,
      ),
    ]).toEqual(['/career'])
  })
})
