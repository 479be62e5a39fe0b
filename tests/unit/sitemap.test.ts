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

  it('points crawlers at the sitemap', () => {
    expect(robotsTxt('https://www.example.com')).toContain('Sitemap: https://www.example.com/sitemap.xml')
  })
})
