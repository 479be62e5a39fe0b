// @vitest-environment node
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SiteServer } from '../../scripts/harness/site-server.ts'
import { root } from '../../scripts/lib/paths.ts'
import { builtSiteFiles } from '../../site/built-site-files.ts'
import { languageTag } from '../../site/languages.ts'
import { bilingualSiteConfig } from '../helpers/bilingual-site.ts'
import { latinLettersIn } from '../helpers/bengali-forms.ts'
import { serveBuild } from '../helpers/served-build.ts'

/*
 * The shipped site with a second language (Bengali for /, /about and /contact and the shell:
 * tests/fixtures/bilingual/), built by the content build onto the last code build and served by
 * the production server: each language's pages at their paths with their <html lang>, the
 * sitemap's alternates, the route table, each language's 404 page, and a Bengali page's form
 * answered in Bengali. One build.
 */

const config = bilingualSiteConfig()
const bengaliTag = languageTag('bn', config.site)
const scratch = mkdtempSync(join(tmpdir(), 'bilingual-'))
const outDir = join(scratch, 'dist')
const cleanups: Array<() => unknown> = [() => rmSync(scratch, { recursive: true, force: true })]
let server: SiteServer

beforeAll(async () => {
  if (!existsSync(join(root, 'build', 'server', 'content-build.js')))
    throw new Error('These tests run the compiled content build and server: `npm run build` first (npm test does).')
  const file = join(scratch, 'site.config.json')
  writeFileSync(file, JSON.stringify(config, null, 2))
  const run = spawnSync(process.execPath, [join(root, 'build', 'server', 'content-build.js'), file, '--out', outDir], {
    cwd: root,
    encoding: 'utf8',
    timeout: 240_000,
  })
  expect(run.stderr).toBe('')
  expect(run.status).toBe(0)
  expect(run.stdout).toMatch(/Built 35 pages and the 404 page of each of its 2 languages/)
  const served = await serveBuild(outDir)
  cleanups.push(served.stop)
  server = served.server
}, 300_000)

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

const page = async (path: string) => {
  const answer = await fetch(server.url + path, { redirect: 'manual' })
  return { status: answer.status, location: answer.headers.get('location'), html: await answer.text() }
}
const langOf = (html: string) => /<html\b[^>]*\blang="([^"]+)"/.exec(html)?.[1]
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]
const bn = (pointer: string) => (JSON.parse(readFileSync(join(root, 'tests/fixtures/bilingual/translations.json'), 'utf8')) as { bn: Record<string, string> }).bn[pointer]!

describe('the shipped site built in English and Bengali', () => {
  it('serves the Bengali home, about and contact pages under /bn with the Bengali tag and titles', async () => {
    for (const [path, title] of [
      ['/bn', bn('/routes/0/title')],
      ['/bn/about', bn('/routes/1/title')],
      ['/bn/contact', bn('/routes/5/title')],
    ] as const) {
      const answer = await page(path)
      expect(answer.status, path).toBe(200)
      expect(langOf(answer.html), path).toBe(bengaliTag)
      expect(titleOf(answer.html), path).toContain(title)
      expect(answer.html).toContain(bn('/texts/header/skipToContent'))
    }
    const english = await page('/about')
    expect(langOf(english.html)).toBe(config.site.locale ?? 'en')
    expect(titleOf(english.html)).toContain('About Us')
    expect(english.html).not.toContain(bn('/routes/1/title'))
  })

  it('has no Bengali copy of a page not translated: /bn/career is the Bengali 404 page', async () => {
    expect(existsSync(join(outDir, 'bn', 'career'))).toBe(false)
    const answer = await page('/bn/career')
    expect(answer.status).toBe(404)
    expect(langOf(answer.html)).toBe(bengaliTag)
    expect(answer.html).toContain(bn('/texts/notFound/title'))
    const english = await page('/no-such-page')
    expect(english.status).toBe(404)
    expect(english.html).toContain('Page Not Found')
  })

  it('sends other spellings of a Bengali page to it, as it does the English ones', async () => {
    expect(await page('/bn/about/')).toMatchObject({ status: 301, location: '/bn/about' })
    expect(await page('/BN/about')).toMatchObject({ status: 301, location: '/bn/about' })
  })

  it("lists every language's pages in the route table and the sitemap, with hreflang alternates for the translated ones", async () => {
    const routes = JSON.parse(readFileSync(join(outDir, builtSiteFiles.routes), 'utf8')) as Array<{ path: string; aliases: string[] }>
    expect(routes.map((route) => route.path).filter((path) => path.startsWith('/bn'))).toEqual(['/bn', '/bn/about', '/bn/contact'])
    expect(routes.find((route) => route.path === '/bn/contact')!.aliases).toEqual(['/bn/Contact'])
    expect(routes).toHaveLength(config.routes.length + 3)
    const sitemap = (await page('/sitemap.xml')).html
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
    const url = config.site.url
    const entry = (path: string) => new RegExp(`<url>\\s*<loc>${url}${path}</loc>([\\s\\S]*?)</url>`).exec(sitemap)?.[1]
    expect(entry('/bn/about')).toContain(`<xhtml:link rel="alternate" hreflang="${bengaliTag}" href="${url}/bn/about"/>`)
    expect(entry('/bn/about')).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${url}/about"/>`)
    expect(entry('/about')).toContain(`<xhtml:link rel="alternate" hreflang="${config.site.locale ?? 'en'}" href="${url}/about"/>`)
    expect(sitemap).toMatch(new RegExp(`<url><loc>${url}/career</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod></url>`))
    // Each page has its own policy, the Bengali ones and the Bengali 404 page among them.
    const policies = JSON.parse(readFileSync(join(outDir, builtSiteFiles.security), 'utf8')) as Record<string, unknown>
    for (const path of ['/bn', '/bn/about', '/bn/contact', '/bn/404.html']) expect(policies[path], path).toBeDefined()
    expect((await fetch(`${server.url}/bn/about`)).headers.get('content-security-policy')).toMatch(/script-src[^;]*'sha256-/)
  })

  it("answers a Bengali page's form refusal in Bengali, and the same refusal from an English page in English", async () => {
    const send = (language?: string) =>
      fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-api-key': 'dev-key', ...(language ? { 'Content-Language': language } : {}) },
        body: JSON.stringify({ name: '', email: 'not an address', subject: 'general', message: '' }),
      })
    const bengali = (await (await send('bn')).json()) as { message: string; data: { problems: Record<string, string> } }
    for (const text of [bengali.message, ...Object.values(bengali.data.problems)]) expect(latinLettersIn(text, ['general']), text).toEqual([])
    expect(bengali.data.problems.name).toContain(bn('/forms/contact/fields/0/label'))
    const english = (await (await send('xx')).json()) as { data: { problems: Record<string, string> } }
    expect(english.data.problems.name).toBe('Full Name is required')
  })
})
