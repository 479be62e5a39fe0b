/**
 * A second business builds its site in another language from its own config, with no code change:
 * a copy of site.config.json in German (site.locale "de-DE", every text of texts.schema.json
 * translated) is prerendered the way the build renders it (runtime/entry-server.tsx through Vite's
 * modules of that config, index.html through the same plugin), and no English word a component
 * used to write is left in the pages.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { withSchemaDefaults } from '../../authoring/config/config-defaults'
import { readSchemaFile } from '../../authoring/schemas/schema-files'
import { fillTemplate, splitHeadTags } from '../../content/html-page.ts'
import { root } from '../../scripts/lib/paths'
import type { Block, SiteConfig } from '../../site/generated/site-config'
import { notFoundRenderPath } from '../../site/reserved-addresses'
import { pageDataOf, siteDataOf } from '../../site/site-data'
import { templateParts } from '../../site/text-template'
import { prerenderServer } from '../helpers/prerender-server'

interface TextsSchema {
  properties: Record<string, { properties: Record<string, { default: string }> }>
}
const textsSchema = readSchemaFile('defs/texts.schema.json') as unknown as TextsSchema
const german = JSON.parse(fs.readFileSync(path.join(root, 'tests/fixtures/language/texts.de-DE.json'), 'utf8')) as Record<string, Record<string, string>>

/** Every English default of texts.schema.json, so a text added later is checked too. */
const englishTexts = Object.entries(textsSchema.properties).flatMap(([group, { properties }]) =>
  Object.entries(properties).map(([name, text]) => ({ name: `texts.${group}.${name}`, english: text.default, pattern: textPattern(text.default) })),
)

/**
 * Where a text shows, whatever its placeholders were filled with: its words in order, anything
 * between them, and not inside a longer word ("Page" is not found in "Pages").
 */
function textPattern(template: string): RegExp {
  const words = templateParts(template, {}) as string[]
  const escaped = words.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^\\n]*?')
  const start = /^\p{L}/u.test(template) ? '(?<!\\p{L})' : ''
  const end = /\p{L}$/u.test(template) ? '(?!\\p{L})' : ''
  return new RegExp(`${start}${escaped}${end}`, 'u')
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' }
const decoded = (html: string) => html.replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, name: string) => entities[name]!)

/**
 * What a visitor reads or hears of a page, one run per line: the text (inline elements joined, as
 * a sentence reads on), and the attributes screen readers and browsers say (aria-label, alt, title…).
 * Not the router's dehydrated data nor the inlined styles: scripts and CSS, not words on the page.
 */
function visibleText(html: string): string {
  const withoutCode = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '\n').replace(/<!--[\s\S]*?-->/g, '')
  const said = [...withoutCode.matchAll(/\s(?:aria-label|aria-roledescription|title|alt|placeholder|content)="([^"]*)"/g)].map((match) => match[1]!)
  const text = withoutCode.replace(/<\/?(?:span|a|strong|em|b|i|svg|path|circle|rect)\b[^>]*>/g, '').replace(/<[^>]*>/g, '\n')
  return decoded([text, ...said].join('\n'))
}

/**
 * The copy's own content (headings, menu labels, card texts) may say the same words as a default:
 * the navigation's "Contact" is the footer's English heading. Those are written in capitals in the
 * copy, so an English default found in a page can only come from a component. Addresses, names of
 * block types and icons are left as they are.
 */
function withoutDefaultWords(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutDefaultWords(item))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withoutDefaultWords(item, name)]))
  if (typeof value !== 'string' || ['type', 'icon', 'to', 'src'].includes(key) || /^(\/|https?:|mailto:|tel:|#)/.test(value)) return value
  return englishTexts.some(({ pattern }) => pattern.test(value)) ? value.toUpperCase() : value
}

const shipped = JSON.parse(fs.readFileSync(path.join(root, 'site.config.json'), 'utf8')) as SiteConfig
const blocksOf = (config: SiteConfig, type: Block['type']) => config.routes.flatMap((route) => route.blocks.filter((block) => block.type === type)) as Block[]

/** The German site: the shipped config's content, German words and locale, and figures and dates that show the difference. */
function germanConfig(): SiteConfig {
  const config = withoutDefaultWords(structuredClone(shipped)) as SiteConfig
  config.site.locale = 'de-DE'
  config.texts = german as unknown as SiteConfig['texts']
  const [stats] = blocksOf(config, 'stats') as Extract<Block, { type: 'stats' }>[]
  stats!.items[0]!.value = 1500
  const [blog] = blocksOf(config, 'blogArticles') as Extract<Block, { type: 'blogArticles' }>[]
  blog!.articles[0]!.date = '12 March 2024'
  // Without a heading these blocks name themselves with their own words.
  for (const block of [...blocksOf(config, 'trustBadges'), ...blocksOf(config, 'logoStrip')]) delete (block as { heading?: string }).heading
  return config
}

/** The pages that show every block with words of its own, the stats and the 404 page. */
function pagesToRender(config: SiteConfig): string[] {
  const blockTypes = [...Object.keys(textsSchema.properties).filter((group) => config.routes.some((route) => route.blocks.some((block) => block.type === group))), 'stats']
  const paths = blockTypes.map((type) => config.routes.find((route) => route.blocks.some((block) => block.type === type))!.path)
  return [...new Set(['/', ...paths, notFoundRenderPath])]
}

let vite: ViteDevServer
const pages = new Map<string, string>()

beforeAll(async () => {
  const config = germanConfig()
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'site-de-')), 'site.config.json')
  fs.writeFileSync(file, JSON.stringify(config))
  // The project's Vite config, its config modules read from the German copy.
  vi.stubEnv('SITE_CONFIG', file)
  const prerender = await prerenderServer()
  vite = prerender.vite
  const { entry } = prerender
  // Handed the German config as the build hands it its own (scripts/build.ts).
  const withDefaults = withSchemaDefaults(config)
  await entry.startPrerender(siteDataOf(withDefaults, 'all'), async (page) =>
    pageDataOf(
      withDefaults,
      withDefaults.routes.find((route) => route.path === page)!,
    ),
  )
  const template = await vite.transformIndexHtml('/', fs.readFileSync(path.join(root, 'index.html'), 'utf8'))
  for (const page of pagesToRender(config)) {
    const { head, body } = splitHeadTags(await entry.render(page, page === notFoundRenderPath ? 404 : 200))
    pages.set(page, fillTemplate(template, head, '', body))
  }
}, 180_000)

afterAll(async () => {
  await vite?.close()
  vi.unstubAllEnvs()
})

describe('a site in German from its config alone', () => {
  it('has a German translation for every text of the schema, none of them the English words', () => {
    expect(englishTexts.filter(({ name }) => german[name.split('.')[1]!]?.[name.split('.')[2]!] === undefined).map(({ name }) => name)).toEqual([])
    expect(englishTexts.filter(({ pattern }) => Object.values(german).some((group) => Object.values(group).some((text) => pattern.test(text)))).map(({ name }) => name)).toEqual([])
  })

  it('declares German as the language of every page', () => {
    expect(pages.size).toBeGreaterThan(5)
    expect([...pages].filter(([, html]) => !/^<!doctype html>\s*<html lang="de-DE"/i.test(html)).map(([page]) => page)).toEqual([])
  })

  it('writes numbers and dates the German way', () => {
    const about = visibleText(pages.get(shipped.routes.find((route) => route.blocks.some((block) => block.type === 'stats'))!.path)!)
    expect(about).toContain('1.500')
    expect(about).not.toContain('1,500')
    expect(visibleText(pages.get('/resources/blog')!)).toContain('12. März 2024')
  })

  it('shows and says the translated words', () => {
    const { slides } = blocksOf(shipped, 'heroCarousel')[0] as Extract<Block, { type: 'heroCarousel' }>
    const expected: Array<[string, string]> = [
      ['/', '>Zum Inhalt springen</a>'],
      ['/', 'aria-label="Menü öffnen"'],
      ['/', 'aria-label="Eastbridge Cyber Systems – Startseite"'],
      ['/', `aria-label="Folie 2 von ${slides.length} zeigen: ${slides[1]!.title}"`],
      ['/', 'aria-roledescription="Karussell"'],
      ['/', 'aria-label="Firmenlogos"'],
      ['/', '</svg> Nach oben</button>'],
      [notFoundRenderPath, '<title>Seite nicht gefunden | Eastbridge Cyber Systems</title>'],
      ['/resources/case_studies', '>Mehr lesen <span'],
      ['/contact', '</svg> Öffnungszeiten</h3>'],
      ['/get-quote', 'aria-label="Warum Sie uns vertrauen können"'],
    ]
    // Whole pages would drown a failure's message: only what is missing is shown.
    expect(expected.filter(([page, html]) => !pages.get(page)?.includes(html))).toEqual([])
    expect(visibleText(pages.get('/')!)).toMatch(/© \d{4} Eastbridge Cyber Systems\. Alle Rechte vorbehalten\./)
    expect(visibleText(pages.get(notFoundRenderPath)!)).toContain(`Wenn Sie das für einen Fehler halten, schreiben Sie uns an ${shipped.site.email}.`)
  })

  it('leaves none of the English defaults in any page', () => {
    const left = [...pages].flatMap(([page, html]) => {
      const text = visibleText(html)
      return englishTexts.flatMap(({ name, pattern }) => {
        const found = pattern.exec(text)
        return found ? [`${page}: ${name} "${found[0]}"`] : []
      })
    })
    expect(left).toEqual([])
  })
})
