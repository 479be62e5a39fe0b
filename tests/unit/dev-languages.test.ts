import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { pageModuleId, siteConfigModules } from '../../scripts/lib/vite-site-config'
import type { PageData, SiteData } from '../../site/site-data'
import { bilingualSiteConfig } from '../helpers/bilingual-site'
import { languageTag } from '../../site/languages'
import { root } from '../../scripts/lib/paths'

/** `npm run dev` on a site in two languages (the bilingual fixture): every language's pages, each with its language's shell and <html lang>. */
interface LoadedPlugin {
  resolveId(id: string): string
  load(this: { addWatchFile(file: string): void }, id: string): string
  transformIndexHtml: { handler(html: string, context?: { path?: string }): string }
}

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dev-languages-')), 'site.config.json')
fs.writeFileSync(file, JSON.stringify(bilingualSiteConfig()))
const modules = siteConfigModules(file) as unknown as LoadedPlugin
const load = (id: string) => modules.load.call({ addWatchFile: () => {} }, modules.resolveId(id))
/** A module's value as the runtime imports it: `export default JSON.parse("…")` and `export const languageSiteData = JSON.parse("…")`. */
const exported = (code: string, name: string) => {
  const literal = new RegExp(`${name === 'default' ? 'export default' : `${name} =`} JSON\\.parse\\(("(?:[^"\\\\]|\\\\.)*")\\)`).exec(code)?.[1]
  return literal === undefined ? undefined : JSON.parse(JSON.parse(literal))
}
const page = '<!doctype html>\n<html lang="en">\n<head><!--site-head--></head><body><script type="module" src="/runtime/entry-client.tsx"></script></body></html>'

describe('the dev server of a site in two languages', () => {
  it("hands each language's site data by its prefix, and a loader for every language's pages", () => {
    const code = load('virtual:site-data')
    const byPrefix = exported(code, 'languageSiteData') as Record<string, SiteData>
    expect(Object.keys(byPrefix)).toEqual(['', '/bn'])
    expect(byPrefix['/bn']!.shell.languages?.current).toBe('bn')
    expect(byPrefix['/bn']!.shell.texts.header?.skipToContent).toBe('মূল অংশে যান')
    expect(byPrefix['']!.shell.texts.header?.skipToContent).toBe('Skip to content')
    expect(byPrefix['/bn']!.shell.routes.map((route) => route.path)).toEqual(['/bn', '/bn/about', '/bn/contact'])
    expect(code).toContain(`"/bn/about": () => import("${pageModuleId('/bn/about')}")`)
    expect(code).toContain(`"/about": () => import("${pageModuleId('/about')}")`)
  })

  it('renders /bn/about from its Bengali content, /about from its English', () => {
    const bengali = exported(load(pageModuleId('/bn/about')), 'default') as PageData
    expect(bengali.content.title).toBe('আমাদের কথা')
    expect((exported(load(pageModuleId('/about')), 'default') as PageData).content.title).toBe('About Us')
  })

  it("gives a page under /bn the Bengali <html lang>, any other the default language's", () => {
    const site = bilingualSiteConfig().site
    expect(modules.transformIndexHtml.handler(page, { path: '/bn/about?x=1' })).toContain(`<html lang="${languageTag('bn', site)}">`)
    expect(modules.transformIndexHtml.handler(page, { path: '/about' })).toContain(`<html lang="${languageTag('en', site)}">`)
  })

  it('exports every name the page imports for a site in one language too, so its page loads (a missing named export fails the module)', () => {
    const oneLanguage = siteConfigModules(path.join(root, 'site.config.json')) as unknown as LoadedPlugin
    const code = oneLanguage.load.call({ addWatchFile: () => {} }, oneLanguage.resolveId('virtual:site-data'))
    expect(code).toMatch(/^export const languageSiteData = undefined$/m)
    expect(code).toMatch(/^export const pageLoaders = \{$/m)
  })
})
