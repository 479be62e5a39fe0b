import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { pageModuleId, siteConfigModules } from '../../scripts/lib/vite-site-config'
import { readSchemaFile } from '../../authoring/schemas/schema-files'
import { shellTextGroups } from '../../site/text-groups'

const config = {
  site: { name: 'Test Co', social: [] },
  navigation: { items: [] },
  footer: {},
  forms: { contact: { endpoint: '/api/contact' } },
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

/** The test site (valid: the schemas' defaults are filled in only as far as a config is valid) in German, with two words translated. */
const validBase = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/valid/site.config.json'), 'utf8'))
const german = {
  ...validBase,
  site: { ...validBase.site, locale: 'de-DE' },
  texts: { caseStudies: { readMore: 'Weiterlesen' }, menu: { open: 'Menü öffnen' } },
}
const jsonOf = (code: string) => JSON.parse(JSON.parse(code.match(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/)![1]!))

describe('site.config.json as modules', () => {
  it('every page gets the settings and route table, without page content or forms', () => {
    const code = load('virtual:site-config')
    const shell = jsonOf(code)
    expect(shell.forms).toBeUndefined()
    expect(shell.$schema).toBeUndefined()
    expect(shell.routes[0]).toEqual({ path: '/' })
    expect(code).toContain(`"/security_solutions/email_security": () => import("${pageModuleId('/security_solutions/email_security')}")`)
  })

  it("a page's title, description and blocks are a module of their own, named after its path", () => {
    expect(pageModuleId('/')).toBe('virtual:site-page/page-home')
    expect(jsonOf(load(pageModuleId('/security_solutions/email_security')))).toEqual({ title: 'Mail', description: 'd', blocks: [{ type: 'cardGrid' }] })
  })

  it('the forms section is a module of its own', () => {
    expect(jsonOf(load('virtual:site-forms'))).toEqual(config.forms)
  })

  it("every page gets the shell's words (header, menus, footer, 404 page), with their defaults, and no block's words", () => {
    const { texts } = jsonOf(load('virtual:site-config', german))
    expect(Object.keys(texts)).toEqual([...shellTextGroups])
    expect(texts.menu).toMatchObject({ open: 'Menü öffnen', close: 'Close menu' })
  })

  it("a block's words are a module of their own, with their defaults", () => {
    expect(jsonOf(load('virtual:site-texts/caseStudies', german))).toEqual({ readMore: 'Weiterlesen', showLess: 'Show less', about: 'about {title}' })
    expect(() => load('virtual:site-texts/menu', german)).toThrow(/no block group "menu"/)
    expect(() => load('virtual:site-texts/nothing', german)).toThrow(/no block group "nothing"/)
  })

  it("each group of words but the shell's is named after a block type, and the runtime declares its module", () => {
    const groups = Object.keys((readSchemaFile('defs/texts.schema.json') as { properties: object }).properties)
    const blockGroups = groups.filter((group) => !(shellTextGroups as readonly string[]).includes(group))
    const declarations = fs.readFileSync(path.resolve(import.meta.dirname, '../../kit/site-config-modules.d.ts'), 'utf8')
    for (const group of blockGroups) {
      expect(fs.existsSync(path.resolve(import.meta.dirname, `../../schemas/blocks/${group}.schema.json`)), `texts.${group}: no block type ${group}`).toBe(true)
      expect(declarations).toContain(`declare module 'virtual:site-texts/${group}'`)
    }
  })

  it("the site's page declares the language of site.locale; the editor's pages keep their own", () => {
    const page = '<!doctype html>\n<html lang="en" data-mantine-color-scheme="light">\n<body><script type="module" src="/runtime/entry-client.tsx"></script></body></html>'
    expect(plugin(german).transformIndexHtml.handler(page)).toContain('<html lang="de-DE" data-mantine-color-scheme="light">')
    expect(plugin(validBase).transformIndexHtml.handler(page)).toContain('<html lang="en" data-mantine-color-scheme="light">')
    const editorPage = '<html lang="en"><body><script type="module" src="/editor/client/main.tsx"></script></body></html>'
    expect(plugin(german).transformIndexHtml.handler(editorPage)).toBe(editorPage)
    // The checker refuses such a locale before any build; were it to get through, it stays inside the attribute.
    expect(plugin({ ...german, site: { ...german.site, locale: 'de"><script>' } }).transformIndexHtml.handler(page)).toContain('<html lang="de&quot;&gt;&lt;script&gt;"')
  })
})
