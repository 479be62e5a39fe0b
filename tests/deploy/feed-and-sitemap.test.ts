// @vitest-environment node
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configFileDay, dayOf } from '../../content/page-dates.ts'
import { contentBuildProcess } from '../../publish/content-build-process.ts'
import { builtSiteFiles } from '../../site/built-site-files.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { root } from '../../scripts/lib/paths.ts'
import type { SiteServer } from '../../scripts/harness/site-server.ts'
import { serveBuild, type ServedBuild } from '../helpers/served-build.ts'

/* The blog's feed and the sitemap's dates of the shipped site as `npm run build` made them, served by the production server. */

const dist = join(root, 'dist')
let served: ServedBuild
let server: SiteServer

beforeAll(async () => {
  if (!existsSync(join(root, 'build', 'server', 'main.js'))) throw new Error('These tests serve the build: `npm run build` first (npm test does).')
  served = await serveBuild(dist)
  server = served.server
})
afterAll(async () => served?.stop())

describe("the shipped site's feed and sitemap", () => {
  it('serves the Atom feed with its type, and the blog page links to it from its head', async () => {
    const feed = await fetch(`${server.url}/feed.atom`)
    expect(feed.status).toBe(200)
    expect(feed.headers.get('content-type')).toContain('application/atom+xml')
    const xml = await feed.text()
    expect(xml).toContain('<id>https://www.example.com/resources/blog#ransomware-as-a-service</id>')
    const blog = await (await fetch(`${server.url}/resources/blog`)).text()
    const head = blog.slice(0, blog.indexOf('</head>'))
    expect(head).toMatch(/<link rel="alternate" type="application\/atom\+xml" title="[^"]+" href="\/feed\.atom" \/>/)
    expect(blog).toContain('<article id="ransomware-as-a-service"')
    const about = await (await fetch(`${server.url}/about`)).text()
    expect(about).not.toContain('application/atom+xml')
  })

  it("dates every page in the sitemap by the config file's last change", async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text()
    const day = configFileDay(join(root, 'site.config.json'))
    const urls = [...sitemap.matchAll(/<url>[\s\S]*?<\/url>/g)].map((match) => match[0])
    expect(urls.length).toBeGreaterThan(20)
    for (const url of urls) expect(url).toContain(`<lastmod>${day}</lastmod>`)
    expect(JSON.parse(readFileSync(join(dist, '.site-page-dates.json'), 'utf8'))['/about']).toBe(day)
  })

  it("gives a publish's day to the page it changes, and every other page the day of the version it was published onto", async () => {
    const work = mkdtempSync(join(tmpdir(), 'page-dates-'))
    const builder = contentBuildProcess({
      command: join(root, 'build', 'server', 'content-build-service.js'),
      codeDir: dist,
      renderDir: join(root, 'build', 'render'),
      pictureDirs: [],
      pictureCacheDir: join(work, 'picture-cache'),
    })
    try {
      const config = JSON.parse(readFileSync(join(root, 'site.config.json'), 'utf8')) as SiteConfig
      const first = join(work, 'first')
      await builder.build(JSON.stringify(config), first)
      // As if the version served now had been published long ago.
      const dates = JSON.parse(readFileSync(join(first, builtSiteFiles.pageDates), 'utf8')) as Record<string, string>
      writeFileSync(join(first, builtSiteFiles.pageDates), JSON.stringify(Object.fromEntries(Object.keys(dates).map((page) => [page, '2020-01-02']))))
      config.routes.find((route) => route.path === '/about')!.title = 'About the company, edited'
      config.site.phone = '+91 33 4000 9999'
      const second = join(work, 'second')
      const dayBefore = dayOf(new Date())
      await builder.build(JSON.stringify(config), second, { onto: first })
      const days = new Set([dayBefore, dayOf(new Date())]) // a publish across midnight (UTC) has either
      const sitemap = readFileSync(join(second, 'sitemap.xml'), 'utf8')
      expect(days).toContain(/<loc>https:\/\/www\.example\.com\/about<\/loc><lastmod>([\d-]+)<\/lastmod>/.exec(sitemap)?.[1])
      // The phone number is in every page's footer: no page's own content, so no page's day.
      expect(sitemap).toContain('<loc>https://www.example.com/contact</loc><lastmod>2020-01-02</lastmod>')
      expect(sitemap).toContain('<loc>https://www.example.com/</loc><lastmod>2020-01-02</lastmod>')
    } finally {
      await builder.close()
      rmSync(work, { recursive: true, force: true })
    }
  })
})
