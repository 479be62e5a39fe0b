import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { withSchemaDefaults } from '../../authoring/config/config-defaults'
import { pageModuleId, siteConfigModules } from '../../scripts/lib/vite-site-config'
import type { SiteConfig } from '../../site/generated/site-config'
import { pageDataOf, siteDataOf } from '../../site/site-data'
import { readSchemaFile } from '../../authoring/schemas/schema-files'
import { shellTextGroups } from '../../site/text-groups'

const config = {
  site: { name: 'Test Co', social: [] },
  navigation: { items: [] },
  footer: {},
  forms: { contact: { endpoint: '/api/contact' } },
  texts: { caseStudies: { readMore: 'Read more' }, header: { home: 'Home' } },
  $schema: './schemas/site.schema.json',
  routes: [
    { path: '/', title: 'Home', description: 'd', blocks: [{ type: 'pageHero', heading: 'Hi' }, { type: 'ctaBand' }, { type: 'pageHero' }] },
    { path: '/security_solutions/email_security', title: 'Mail', description: 'd', blocks: [{ type: 'cardGrid' }] },
  ],
}

interface LoadedPlugin {
  resolveId(id: string): string
  load(this: { addWatchFile(file: string): void }, id: string): string
  transformIndexHtml: { handler(html: string): string }
}

function plugin(written: unknown = config): LoadedPlugin {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'site-config-')), 'site.config.json')
  fs.writeFileSync(file, JSON.stringify(written))
  return siteConfigModules(file) as unknown as LoadedPlugin
}

/** Loads one module of the plugin the way Vite does: resolveId, then load. */
function load(id: string, written: unknown = config): string {
  const modules = plugin(written)
  return modules.load.call({ addWatchFile: () => {} }, modules.resolveId(id))
}

/** The test site in German, with two words translated. */
const validBase = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/valid/site.config.json'), 'utf8'))
const german = {
  ...validBase,
  site: { ...validBase.site, locale: 'de-DE' },
  texts: { caseStudies: { readMore: 'Weiterlesen' }, menu: { open: 'Menü öffnen' } },
}
const jsonOf = (code: string) => JSON.parse(JSON.parse(code.match(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/)![1]!))

/** What a config hands the runtime, as the build and the dev server hand it (site/site-data.ts). */
const withDefaults = (written: unknown) => withSchemaDefaults(structuredClone(written)) as SiteConfig

describe('what of site.config.json goes where', () => {
  it('every page gets the settings and route table, without page content, forms or editor hint', () => {
    const { shell } = siteDataOf(withDefaults(config), [])
    expect((shell as Record<string, unknown>).forms).toBeUndefined()
    expect((shell as Record<string, unknown>).$schema).toBeUndefined()
    expect(shell.routes[0]).toEqual({ path: '/', layout: { transparentHeader: false } })
  })

  it("a page's title, description and blocks load with it, with the words and forms its blocks need", () => {
    const [home, mail] = config.routes as unknown as SiteConfig['routes']
    expect(pageDataOf(config as unknown as SiteConfig, mail!)).toEqual({ content: { title: 'Mail', description: 'd', blocks: [{ type: 'cardGrid' }] }, texts: {} })
    const withCaseStudies = { ...home!, blocks: [{ type: 'caseStudies' }, { type: 'form' }] } as unknown as SiteConfig['routes'][number]
    expect(pageDataOf(config as unknown as SiteConfig, withCaseStudies)).toMatchObject({ texts: { caseStudies: { readMore: 'Read more' } }, forms: config.forms })
  })

  it("every page gets the shell's words (header, menus, footer, 404 page), with their defaults; a block's words only with that block", () => {
    const german_ = withDefaults(german)
    const { shell, texts } = siteDataOf(german_, [])
    expect(Object.keys(shell.texts)).toEqual([...shellTextGroups])
    expect(shell.texts.menu).toMatchObject({ open: 'Menü öffnen', close: 'Close menu' })
    expect(texts).toEqual({})
    expect(siteDataOf(german_, [{ type: 'caseStudies' } as never]).texts).toEqual({ caseStudies: { readMore: 'Weiterlesen', showLess: 'Show less', about: 'about {title}' } })
    expect(siteDataOf(german_, [{ type: 'caseStudies' } as never]).forms).toBeUndefined()
  })

  it("each group of words but the shell's is named after a block type", () => {
    const groups = Object.keys((readSchemaFile('defs/texts.schema.json') as { properties: object }).properties)
    // texts.mail: the words the server frames the owners' mail with, which no page shows.
    const blockGroups = groups.filter((group) => !(shellTextGroups as readonly string[]).includes(group) && group !== 'mail')
    for (const group of blockGroups) {
      expect(fs.existsSync(path.resolve(import.meta.dirname, `../../schemas/blocks/${group}.schema.json`)), `texts.${group}: no block type ${group}`).toBe(true)
    }
  })

  it("the dev server hands every block's words and the forms at once, and each page's data as a module named after its path", () => {
    const data = jsonOf(load('virtual:site-data', german))
    expect(data.texts.caseStudies).toMatchObject({ readMore: 'Weiterlesen' })
    expect(data.forms).toBeDefined()
    expect(load('virtual:site-data')).toContain(`"/security_solutions/email_security": () => import("${pageModuleId('/security_solutions/email_security')}")`)
    expect(pageModuleId('/')).toBe('virtual:site-page/page-home')
    // The test config breaks rules before its pages (a site without its required settings): their blocks get their defaults all the same.
    expect(jsonOf(load(pageModuleId('/security_solutions/email_security'))).content).toEqual({
      title: 'Mail',
      description: 'd',
      blocks: [{ type: 'cardGrid', background: 'white', variant: 'feature' }],
    })
  })

  it("the site's page declares the language of site.locale; the editor's pages keep their own", () => {
    const page =
      '<!doctype html>\n<html lang="en" data-mantine-color-scheme="light">\n<head><!--site-head--></head><body><script type="module" src="/runtime/entry-client.tsx"></script></body></html>'
    expect(plugin(german).transformIndexHtml.handler(page)).toContain('<html lang="de-DE" data-mantine-color-scheme="light">')
    expect(plugin(validBase).transformIndexHtml.handler(page)).toContain('<html lang="en" data-mantine-color-scheme="light">')
    const editorPage = '<html lang="en"><body><script type="module" src="/editor/client/main.tsx"></script></body></html>'
    expect(plugin(german).transformIndexHtml.handler(editorPage)).toBe(editorPage)
    // The checker refuses such a locale before any build; were it to get through, it stays inside the attribute.
    expect(plugin({ ...german, site: { ...german.site, locale: 'de"><script>' } }).transformIndexHtml.handler(page)).toContain('<html lang="de&quot;&gt;&lt;script&gt;"')
  })
})
