import { describe, expect, it } from 'vitest'
import { pageHead, routeHead } from '../../runtime/head.ts'
import type { Route, SiteConfig } from '../../site/generated/site-config.ts'
import { pageContentOf, routeSummaryOf } from '../../site/page-content.ts'

const site = { name: 'Green Leaf Dental', url: 'https://green-leaf.example.com' } as SiteConfig['site']
const route: Route = {
  path: '/team',
  aliases: ['/Team'],
  title: 'Our team',
  description: 'The people who look after your teeth.',
  shareImage: { src: '/images/about/team.jpg', alt: 'The team in the garden', width: 1200, height: 630 },
  layout: { transparentHeader: false },
  blocks: [{ type: 'textSection', heading: 'Hello', paragraphs: ['We are here.'] } as unknown as Route['blocks'][number]],
}
const meta = (head: ReturnType<typeof routeHead>, property: string) => head.meta.find((tag) => 'property' in tag && tag.property === property)?.content

describe('a page’s head', () => {
  it('shows the page’s own share image in link previews, with its size and words', () => {
    const head = routeHead(site, pageHead(site, route))
    expect(meta(head, 'og:image')).toBe('https://green-leaf.example.com/images/about/team.jpg')
    expect([meta(head, 'og:image:width'), meta(head, 'og:image:height'), meta(head, 'og:image:alt')]).toEqual(['1200', '630', 'The team in the garden'])
    expect(head.meta.find((tag) => 'name' in tag && tag.name === 'twitter:image')?.content).toBe('https://green-leaf.example.com/images/about/team.jpg')
  })

  it('falls back to the picture the build draws for the whole site, named after it', () => {
    const { shareImage: _none, ...plain } = route
    const head = routeHead(site, pageHead(site, plain))
    expect(meta(head, 'og:image')).toBe('https://green-leaf.example.com/share.png')
    expect(meta(head, 'og:image:alt')).toBe('Green Leaf Dental')
  })

  it('loads with the page: the share image is in the page’s chunk, not in the route table every page carries', () => {
    expect(Object.keys(pageContentOf(route)).sort()).toEqual(['blocks', 'description', 'shareImage', 'title'])
    expect(routeSummaryOf(route)).toEqual({ path: '/team', aliases: ['/Team'], layout: { transparentHeader: false } })
    const { shareImage: _none, ...plain } = route
    expect(pageContentOf(plain)).not.toHaveProperty('shareImage')
  })
})

describe('the head of a page in a site of several languages', () => {
  const languages = {
    current: 'bn',
    choices: [
      { language: 'en', tag: 'en-IN', name: 'English', home: '/' },
      { language: 'bn', tag: 'bn-IN', name: 'বাংলা', home: '/bn' },
      { language: 'hi', tag: 'hi-IN', name: 'हिन्दी', home: '/hi' },
    ],
  }
  const links = (head: ReturnType<typeof routeHead>) => head.links.map((link) => ('hrefLang' in link ? `${link.rel} ${link.hrefLang} ${link.href}` : `${link.rel} ${link.href}`))

  it('links the page in each of its languages by tag, and the default language’s as x-default', () => {
    const bengaliTeam = { ...route, path: '/bn/team', alternates: { en: '/team', bn: '/bn/team' } }
    expect(links(routeHead(site, pageHead(site, bengaliTeam, languages)))).toEqual([
      'canonical https://green-leaf.example.com/bn/team',
      'alternate en-IN https://green-leaf.example.com/team',
      'alternate bn-IN https://green-leaf.example.com/bn/team',
      'alternate x-default https://green-leaf.example.com/team',
    ])
    const bengaliHome = { ...route, path: '/bn', alternates: { en: '/', bn: '/bn' } }
    expect(links(routeHead(site, pageHead(site, bengaliHome, languages)))).toContain('alternate x-default https://green-leaf.example.com/')
  })

  it('links no alternate for a page in one language, nor in a site of one language', () => {
    expect(links(routeHead(site, pageHead(site, route, languages)))).toEqual(['canonical https://green-leaf.example.com/team'])
    expect(links(routeHead(site, pageHead(site, { ...route, alternates: { en: '/team', bn: '/bn/team' } })))).toEqual(['canonical https://green-leaf.example.com/team'])
  })
})
