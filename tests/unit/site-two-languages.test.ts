/**
 * The prerendered pages of a site in two languages, what a visitor gets before any script runs:
 * each language's site (site/languages.ts) rendered by runtime/entry-server.tsx through Vite's
 * modules, as the content build renders it, into index.html with the language's settings
 * (content/site-head.ts). The shipped site in one language is rendered too: nothing of it changes.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withSchemaDefaults } from '../../authoring/config/config-defaults'
import { fillTemplate, splitHeadTags } from '../../content/html-page.ts'
import { withSiteHead } from '../../content/site-head.ts'
import { root } from '../../scripts/lib/paths'
import type { SiteConfig } from '../../site/generated/site-config'
import { languageSites, type LanguageSiteConfig } from '../../site/languages'
import { pageDataOf, siteDataOf } from '../../site/site-data'
import { bilingualSiteConfig, shippedConfig } from '../helpers/bilingual-site'
import { prerenderServer, type ServerEntry } from '../helpers/prerender-server'

let vite: ViteDevServer
let entry: ServerEntry
const [english, bengali] = languageSites(bilingualSiteConfig()).map((site) => site.config)
const siteUrl = shippedConfig.site.url

/** A page of a language's site as the build writes it. */
async function prerendered(config: SiteConfig | LanguageSiteConfig, at: string, status = 200): Promise<string> {
  const site = withSchemaDefaults(config)
  await entry.startPrerender(siteDataOf(site, 'all'), async (page) =>
    pageDataOf(
      site,
      site.routes.find((route) => route.path === page)!,
    ),
  )
  const { head, body } = splitHeadTags(await entry.render(at, status))
  const template = withSiteHead(fs.readFileSync(path.join(root, 'index.html'), 'utf8'), site.site)
  return fillTemplate(template, head, '', body)
}

// The pages are React's output, every attribute in double quotes: tags are read with patterns. Names
// of attributes in any case, as HTML reads them (React writes hreflang as hrefLang).
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]
const element = (html: string, name: string) => new RegExp(`<${name}\\b[\\s\\S]*?</${name}>`).exec(html)?.[0] ?? ''
const textOf = (html: string) => html.replace(/<[^>]*>/g, '')
const anchors = (html: string) => [...html.matchAll(/<a\b[^>]*>[\s\S]*?<\/a>/g)].map(([tag]) => tag)
const htmlLang = (page: string) => attribute(/<html\b[^>]*>/.exec(page)![0], 'lang')

const alternates = (page: string) =>
  [...element(page, 'head').matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => attribute(tag, 'rel') === 'alternate')
    .map((tag) => `${attribute(tag, 'hreflang')} ${attribute(tag, 'href')}`)

/** The header's language links, the desktop bar's (the phone menu, closed in the HTML, has the same: checked below). */
const switcher = (page: string) => {
  const links = anchors(element(page, 'header'))
    .filter((tag) => attribute(tag, 'hreflang'))
    .map((tag) => `${textOf(tag)} ${attribute(tag, 'href')} ${attribute(tag, 'lang')}${attribute(tag, 'aria-current') === 'true' ? ' current' : ''}`)
  const [desktop, phone] = [links.slice(0, links.length / 2), links.slice(links.length / 2)]
  expect(phone, "the phone menu's language links").toEqual(desktop)
  return desktop
}

const firstHeaderLink = (page: string) => attribute(anchors(element(page, 'header'))[0]!, 'href')

beforeAll(async () => {
  ;({ vite, entry } = await prerenderServer())
}, 180_000)

afterAll(async () => {
  await vite?.close()
})

describe('a page of the Bengali site, before any script runs', () => {
  it('declares its language, names its other language in the head and links to it from the header', async () => {
    const page = await prerendered(bengali!, '/bn/about')
    expect(htmlLang(page)).toBe('bn-IN')
    expect(textOf(element(page, 'title'))).toBe(`আমাদের কথা | ${shippedConfig.site.name}`)
    expect(alternates(page)).toEqual([`en-IN ${siteUrl}/about`, `bn-IN ${siteUrl}/bn/about`, `x-default ${siteUrl}/about`])
    expect(element(page, 'header')).toMatch(/<nav aria-label="ভাষা"/)
    expect(switcher(page)).toEqual(['English /about en-IN', 'বাংলা /bn/about bn-IN current'])
  })

  it('links within Bengali where the page is translated, to the English page where it is not, and home to the Bengali home', async () => {
    const page = await prerendered(bengali!, '/bn/about')
    const hrefs = anchors(page).map((tag) => attribute(tag, 'href'))
    expect(hrefs).toContain('/bn/contact')
    expect(hrefs).not.toContain('/contact')
    expect(hrefs).toContain('/get-quote')
    expect(firstHeaderLink(page)).toBe('/bn')
  })

  it('the 404 page writes its number in Bengali digits and leads to the Bengali home', async () => {
    const page = await prerendered(bengali!, '/bn/no-such-page', 404)
    expect(textOf(element(page, 'h1'))).toContain('৪০৪')
    expect(textOf(element(page, 'h1'))).not.toContain('404')
    expect(textOf(element(page, 'footer'))).toMatch(/© [০-৯]{4} /)
    expect(anchors(element(page, 'main')).map((tag) => attribute(tag, 'href'))).toContain('/bn')
    expect(switcher(page)).toEqual(['English / en-IN', 'বাংলা /bn bn-IN current'])
    expect(alternates(page)).toEqual([])
  })
})

describe('a page of the English site', () => {
  it('offers Bengali on a translated page, and the Bengali home on a page that is not translated', async () => {
    const about = await prerendered(english!, '/about')
    expect(htmlLang(about)).toBe('en-IN')
    expect(switcher(about)).toEqual(['English /about en-IN current', 'বাংলা /bn/about bn-IN'])
    const services = await prerendered(english!, '/services')
    expect(switcher(services)).toEqual(['English /services en-IN current', 'বাংলা /bn bn-IN'])
    expect(alternates(services)).toEqual([])
  })
})

describe('the shipped site, in one language', () => {
  it('has no language switcher and no alternates', async () => {
    const page = await prerendered(shippedConfig, '/about')
    expect(page).not.toMatch(/hreflang/i)
    expect(element(page, 'header')).not.toMatch(/\slang=/)
    expect(firstHeaderLink(page)).toBe('/')
  })
})
