import { describe, expect, it } from 'vitest'
import type { Block } from '../../site/generated/site-config'
import { robotsTxt, sitemapXml } from '../../content/sitemap.ts'

const route = (path: string, types: Block['type'][]) => ({ path, blocks: types.map((type) => ({ type }) as Block) })

describe('sitemap.xml and robots.txt', () => {
  it('lists every real page under the site address, and leaves out the placeholder pages', () => {
    const xml = sitemapXml('https://www.example.com', [route('/', ['heroCarousel', 'cardGrid']), route('/industries', ['pageHero']), route('/resources/gallery', ['placeholder'])])
    expect(xml).toContain('<loc>https://www.example.com/</loc>')
    expect(xml).toContain('<loc>https://www.example.com/industries</loc>')
    expect(xml).not.toContain('gallery')
  })

  it("gives a page in two languages each language's address and x-default the default language's, and a page in one language none", () => {
    const alternates = { en: '/about', bn: '/bn/about' }
    const routes = [{ ...route('/about', ['pageHero']), alternates }, { ...route('/bn/about', ['pageHero']), alternates }, route('/career', ['pageHero'])]
    const xml = sitemapXml('https://www.example.com', routes, { en: 'en-IN', bn: 'bn-IN' })
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')
    const links = [
      '<xhtml:link rel="alternate" hreflang="en-IN" href="https://www.example.com/about"/>',
      '<xhtml:link rel="alternate" hreflang="bn-IN" href="https://www.example.com/bn/about"/>',
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://www.example.com/about"/>',
    ]
    for (const loc of ['/about', '/bn/about'])
      expect(xml).toContain(['  <url>', `    <loc>https://www.example.com${loc}</loc>`, ...links.map((link) => `    ${link}`), '  </url>'].join('\n'))
    expect(xml).toContain('  <url><loc>https://www.example.com/career</loc></url>')
    expect(sitemapXml('https://www.example.com', [route('/career', ['pageHero'])])).not.toContain('xhtml')
  })

  it('points crawlers at the sitemap', () => {
    expect(robotsTxt('https://www.example.com')).toContain('Sitemap: https://www.example.com/sitemap.xml')
  })
})
