// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configFileDay } from '../../content/page-dates.ts'
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
})
