/**
 * Every value the build reads from the config (scripts/build.ts and what it calls: structured data,
 * sitemap, theme palettes, icon chunks, page modules, page policy, the prerender's addresses, the
 * pictures it ships) is checked by `npm run validate` first: for each read, one bad value in a copy
 * of the real config, the code the checker reports, and for most the proof that the build step
 * reading it would otherwise have thrown or written garbage. No Vite build per case: the last test
 * runs the real build once on a broken copy and sees it stop before building anything.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Route, SiteConfig } from '../../site/generated/site-config.ts'
import { checkConfigText, type ErrorCode } from '../../authoring/check/index.ts'
import { parseArticleDate } from '../../site/article-date.ts'
import { iconModules } from '../../scripts/lib/icon-chunks.ts'
import { pagePolicyOf } from '../../content/page-policy.ts'
import { sitemapXml } from '../../content/sitemap.ts'
import { structuredData } from '../../content/structured-data.ts'
import { pageModuleId, siteConfigModules } from '../../scripts/lib/vite-site-config.ts'
import { themePalettes } from '../../site/theme-palettes.ts'

const root = path.resolve(import.meta.dirname, '../..')
const fixturesPublic = path.join(root, 'tests/fixtures/public')
const realConfig: SiteConfig = JSON.parse(fs.readFileSync(path.join(root, 'site.config.json'), 'utf8'))

type Block = Route['blocks'][number]
const blockOf = <T extends Block['type']>(config: SiteConfig, type: T) => {
  const route = config.routes.find((candidate) => candidate.blocks.some((block) => block.type === type))!
  return { route, block: route.blocks.find((block) => block.type === type) as Extract<Block, { type: T }> }
}
const firstArticle = (config: SiteConfig) => blockOf(config, 'blogArticles').block.articles[0]!

/** The codes `npm run validate` reports for a copy of the real config with one change. */
function codesFor(change: (config: SiteConfig) => void, publicDir?: string): ErrorCode[] {
  const config = structuredClone(realConfig)
  change(config)
  const { problems } = checkConfigText(JSON.stringify(config, null, 2), 'site.config.json', publicDir ? { publicDir } : {})
  return problems.map((problem) => problem.code)
}

/** What the prerender does with site.url (runtime/entry-server.tsx): every page's request address. */
const prerenderRequest = (siteUrl: string, pagePath: string) => new Request(new URL(pagePath, siteUrl))

describe('the real config passes, so every case below differs from it by the one bad value', () => {
  it('has no problems', () => {
    expect(codesFor(() => {})).toEqual([])
  })
})

describe('blog dates (structured data: datePublished)', () => {
  const cases: Array<[string, string]> = [
    ['Late summer', 'not a date at all'],
    ['Summer 12', "JavaScript's Date reads it as December 2001"],
    ['31 February 2024', 'a day February does not have (Date rolls it to 2 March)'],
    ['Aug 2024', 'a short month name'],
    ['2024-08-12', 'an ISO date instead of the date as shown'],
  ]
  it.each(cases)('"%s" (%s) is refused, and the build could not have turned it into a date', (date) => {
    expect(codesFor((config) => (firstArticle(config).date = date))).toEqual(['bad-date'])
    const config = structuredClone(realConfig)
    firstArticle(config).date = date
    const { route } = blockOf(config, 'blogArticles')
    expect(() => structuredData(config.site, route, config.routes)).toThrow(date)
  })

  it("the dates it accepts are the ones the build's parser turns into ISO 8601", () => {
    expect(parseArticleDate('August 2024')).toEqual({ ok: true, iso: '2024-08' })
    expect(parseArticleDate('29 February 2024')).toEqual({ ok: true, iso: '2024-02-29' })
    expect(parseArticleDate('05 March 2025')).toEqual({ ok: true, iso: '2025-03-05' })
    for (const date of ['12 August 2024', 'December 1999']) expect(codesFor((config) => (firstArticle(config).date = date))).toEqual([])
  })

  it("why not JavaScript's own parser: it takes garbage for dates", () => {
    expect(new Date('Summer 12 UTC').getUTCFullYear()).toBe(2001)
    expect(new Date('31 February 2024 UTC').toISOString()).toMatch(/^2024-03-02/)
  })
})

describe("the site's address (canonical links, sitemap, structured data, the prerender's requests)", () => {
  const home = realConfig.routes.find((route) => route.path === '/')!
  it.each([
    ['https://www.example.com/', 'bad-site-address'],
    ['https://www.example.com/site', 'bad-site-address'],
    ['urn:isbn:0451450523', 'bad-site-address'],
    ['https://', 'bad-web-address'],
    ['https://www.example.com:99999', 'bad-web-address'],
    ['www.example.com', 'bad-web-address'],
  ])('%s is refused [%s]', (url, code) => {
    expect(codesFor((config) => (config.site.url = url))).toEqual([code])
  })

  it('with a / at the end, every canonical address, sitemap entry and structured-data id would hold "//"', () => {
    const site = { ...realConfig.site, url: 'https://www.example.com/' }
    expect(sitemapXml(site.url, realConfig.routes)).toContain('https://www.example.com//about')
    expect(JSON.stringify(structuredData(site, home, realConfig.routes))).toContain('https://www.example.com//#organization')
  })

  it('an address without a host, with port 99999 or of another scheme stops the prerender', () => {
    for (const url of ['https://', 'https://www.example.com:99999', 'urn:isbn:0451450523']) expect(() => prerenderRequest(url, '/about')).toThrow(/Invalid URL/)
    expect(prerenderRequest(realConfig.site.url, '/about').url).toBe('https://www.example.com/about')
  })
})

describe('other web addresses', () => {
  it('the map embed must parse, or the page policy (frame-src) throws', () => {
    const withEmbed = (url: string) => (config: SiteConfig) => (blockOf(config, 'contactDetails').block.map!.embedUrl = url)
    expect(codesFor(withEmbed('https://'))).toEqual(['bad-web-address'])
    expect(() => pagePolicyOf('<iframe src="https://"></iframe>')).toThrow(/Invalid URL/)
    expect(codesFor(withEmbed('http://www.openstreetmap.org/export/embed.html'))).toEqual(['unexpected-form'])
  })

  it('social, map and chat links are web addresses, never javascript: or mailto:', () => {
    expect(codesFor((config) => (config.site.social[0]!.url = 'javascript:alert(document.cookie)'))).toEqual(['bad-web-address'])
    expect(codesFor((config) => (config.site.offices[0]!.mapUrl = 'geo:22.55,88.35'))).toEqual(['bad-web-address'])
    expect(codesFor((config) => (config.site.chat!.url = 'mailto:chat@example.com'))).toEqual(['unexpected-form'])
  })

  it('the chat address has no query, since the greeting is added as ?text=', () => {
    expect(codesFor((config) => (config.site.chat!.url = 'https://wa.me/919800000000?lang=en'))).toEqual(['unexpected-form'])
  })

  it('a link to a web address no browser can open', () => {
    expect(codesFor((config) => (config.footer.columns[0]!.links[0]!.to = 'https://'))).toEqual(['bad-web-address'])
  })
})

describe('theme colours and fonts (the palettes, the share image, the stylesheet)', () => {
  const accentColor = '#0891b2'
  it.each(['blue', '#fff', '#00g0c5', 'rgb(0, 64, 197)'])('primaryColor %s is refused; the palettes would be made of NaN', (colour) => {
    expect(codesFor((config) => (config.site.theme = { ...config.site.theme!, primaryColor: colour }))).toEqual(['unexpected-form'])
    const palettes = themePalettes({ primaryColor: colour, accentColor })
    expect(JSON.stringify(palettes.brand)).toMatch(/NaN|#[0-9a-f]{0,5}"/)
  })

  it('a font stack that would end the page stylesheet (Mantine writes it into a <style> as is) is refused', () => {
    for (const font of ['Arial</style><script>alert(1)</script>', 'Arial; } body { display: none']) {
      expect(codesFor((config) => (config.site.theme = { ...config.site.theme!, fontFamily: font }))).toEqual(['unexpected-form'])
      expect(codesFor((config) => (config.site.theme = { ...config.site.theme!, headingsFontFamily: font }))).toEqual(['unexpected-form'])
    }
    expect(codesFor((config) => (config.site.theme = { ...config.site.theme!, fontFamily: '"Source Sans 3", Arial, sans-serif' }))).toEqual([])
  })
})

describe('icons (the page chunks the build preloads)', () => {
  it('an icon without a loader is refused; the build would throw looking for its chunk', () => {
    expect(codesFor((config) => (blockOf(config, 'cardGrid').block.cards[0]!.icon = 'sheild-lock' as never))).toEqual(['unknown-icon'])
    expect(iconModules().get('sheild-lock')).toBeUndefined()
    expect(iconModules().get('shield-lock')).toMatch(/^node_modules\/@tabler\//)
  })
})

describe('page addresses (dist/ folders, page modules, the server and nginx routes)', () => {
  // As an author writes it: the defaulted properties (layout, the placeholder's message) left out.
  const addPage = (config: SiteConfig, pagePath: string) =>
    config.routes.push({ path: pagePath, title: 'Extra', description: 'An extra page.', blocks: [{ type: 'placeholder' }] } as unknown as Route)

  it.each(['/health', '/ready', '/api/contact', '/API', '/assets/logos', '/page-data', '/_editor', '/__not-found__'])('a page at %s is refused', (address) => {
    expect(codesFor((config) => addPage(config, address))).toEqual(['reserved-address'])
  })

  it('an alias there too', () => {
    expect(codesFor((config) => (config.routes[1]!.aliases = ['/health']))).toEqual(['reserved-address'])
  })

  it("two pages whose content modules share a name are refused; the second would show the first one's content", () => {
    const clash = (config: SiteConfig) => {
      addPage(config, '/security_solutions-endpoint_security')
      config.routes.at(-1)!.title = 'The other page'
    }
    expect(codesFor(clash)).toEqual(['shared-page-file'])
    expect(codesFor((config) => addPage(config, '/home'))).toEqual(['shared-page-file'])

    const config = structuredClone(realConfig)
    clash(config)
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'build-reads-')), 'site.config.json')
    fs.writeFileSync(file, JSON.stringify(config))
    const plugin = siteConfigModules(file) as unknown as { resolveId(id: string): string; load(this: { addWatchFile(): void }, id: string): string }
    const module = plugin.load.call({ addWatchFile: () => {} }, plugin.resolveId(pageModuleId('/security_solutions-endpoint_security')))
    expect(module).not.toContain('The other page')
  })

  it('a path the folders of dist/ cannot hold is refused by its pattern', () => {
    expect(codesFor((config) => addPage(config, '/../../etc'))).toEqual(['bad-page-address'])
    expect(codesFor((config) => addPage(config, '/about us'))).toEqual(['bad-page-address'])
  })
})

describe('pictures (the files the build ships from public/)', () => {
  const logoStrip = (config: SiteConfig) => blockOf(config, 'logoStrip').block
  it('a missing picture, or one of a format the image schema does not take', () => {
    expect(codesFor((config) => (logoStrip(config).logos[0]!.src = '/images/partners/nope.svg'))).toEqual(['missing-file'])
    expect(codesFor((config) => (logoStrip(config).logos[0]!.src = '/images/partners/fortinet.bmp'))).toEqual(['bad-picture-path'])
  })

  it('a file that holds no picture (a web page saved as .png)', () => {
    const codes = codesFor((config) => (logoStrip(config).logos[0]!.src = '/images/logos/sophos-saved-page.png'), fixturesPublic)
    expect(codes.filter((code) => code === 'not-a-picture')).toEqual(['not-a-picture'])
  })

  it('an SVG without its namespace, an empty file, a PNG named .svg', () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-reads-public-'))
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    const files: Record<string, string | Buffer> = {
      'plain.svg': '<svg viewBox="0 0 1 1"><rect/></svg>',
      'empty.webp': '',
      'raster.svg': png,
      'fine.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'fine.png': png,
    }
    for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(publicDir, name), content)
    const codesOfPicture = (name: string) =>
      checkConfigText(JSON.stringify({ footer: { columns: [{ title: 'x', links: [{ label: 'x', to: `/${name}` }] }] } }), 'x.json', { publicDir }).problems.filter(
        (problem) => problem.code === 'not-a-picture',
      )
    for (const name of ['plain.svg', 'empty.webp', 'raster.svg']) expect(codesOfPicture(name)).toHaveLength(1)
    for (const name of ['fine.svg', 'fine.png']) expect(codesOfPicture(name)).toEqual([])
  })
})

describe('npm run build on a broken config', () => {
  it('checks the file SITE_CONFIG names, prints its problems as npm run validate does and stops with exit 1, without a stack trace', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-reads-e2e-'))
    const config = structuredClone(realConfig)
    firstArticle(config).date = 'Late summer'
    const file = path.join(dir, 'other.json')
    fs.writeFileSync(file, JSON.stringify(config, null, 2))
    // Should the check let it through, the build would write here, not over the real dist/.
    const outDir = path.join(dir, 'dist')
    const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/build.ts'], {
      cwd: root,
      env: { ...process.env, SITE_CONFIG: file, SITE_OUT_DIR: outDir, NO_COLOR: '1' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).toBe(1)
    expect(result.stdout).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+ .*blogArticles`))
    expect(result.stdout).toContain('"date" is "Late summer", which is not a date the site can read. [bad-date]')
    expect(result.stderr).toContain(`The build stopped before building anything: ${file} must pass the check above first`)
    expect(result.stdout + result.stderr).not.toMatch(/^\s+at /m)
    expect(fs.existsSync(outDir)).toBe(false)
  }, 40_000)
})
