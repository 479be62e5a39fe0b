// @vitest-environment jsdom
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { withSchemaDefaults } from '../../authoring/config/config-defaults.ts'
import { atomFeed, feedLinkTag } from '../../content/blog-feed.ts'
import type { Route, SiteConfig } from '../../site/generated/site-config.ts'
import { languageSites } from '../../site/languages.ts'
import { bilingualSiteConfig } from '../helpers/bilingual-site.ts'

const shipped = () => withSchemaDefaults(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../site.config.json'), 'utf8')) as SiteConfig)
const blogOf = (config: SiteConfig) => config.routes.find((route) => route.path === '/resources/blog')!
const articlesOf = (route: Route) => route.blocks.flatMap((block) => (block.type === 'blogArticles' ? block.articles : []))

const ATOM = 'http://www.w3.org/2005/Atom'
/** The feed as a feed reader reads it: an XML parser, refusing anything that is not well-formed. */
function parsed(xml: string) {
  const document = new DOMParser().parseFromString(xml, 'application/xml')
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0)
  const feed = document.documentElement
  expect(feed.namespaceURI).toBe(ATOM)
  const child = (element: Element, name: string) => [...element.children].filter((node) => node.localName === name)
  const text = (element: Element, name: string) => child(element, name)[0]?.textContent ?? undefined
  const entries = child(feed, 'entry').map((entry) => ({
    id: text(entry, 'id'),
    title: text(entry, 'title'),
    updated: text(entry, 'updated'),
    summary: text(entry, 'summary'),
    author: child(entry, 'author')[0] && text(child(entry, 'author')[0]!, 'name'),
    links: child(entry, 'link').map((link) => ({ rel: link.getAttribute('rel'), href: link.getAttribute('href') })),
  }))
  return { feed, id: text(feed, 'id'), title: text(feed, 'title'), updated: text(feed, 'updated'), links: child(feed, 'link'), entries }
}

/** RFC 3339 date-time, as Atom's dates must be. */
const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/

describe('the Atom feed of the blog', () => {
  it("holds what RFC 4287 requires of a feed and of each entry: the shipped blog's articles, newest first, each linking to its card", () => {
    const config = shipped()
    const [site] = languageSites(config)
    const feed = parsed(atomFeed(site!)!)
    expect(feed.id).toBe('https://www.example.com/feed.atom')
    expect(feed.title).toBe(`${config.site.name}: ${blogOf(config).title}`)
    expect(feed.updated).toMatch(dateTime)
    expect(feed.links.map((link) => [link.getAttribute('rel'), link.getAttribute('href')])).toEqual([
      ['self', 'https://www.example.com/feed.atom'],
      ['alternate', 'https://www.example.com/resources/blog'],
    ])
    const articles = articlesOf(blogOf(config))
    expect(feed.entries).toHaveLength(articles.length)
    for (const entry of feed.entries) {
      expect(entry.id).toMatch(/^https:\/\/www\.example\.com\/resources\/blog#[a-z0-9-]+$/)
      expect(entry.title).toBeTruthy()
      expect(entry.updated).toMatch(dateTime)
      expect(entry.links).toEqual([{ rel: 'alternate', href: entry.id }])
      const article = articles.find((candidate) => entry.id!.endsWith(`#${candidate.id}`))!
      expect(entry).toMatchObject({ title: article.title, summary: article.intro, author: article.author })
    }
    expect(new Set(feed.entries.map((entry) => entry.id)).size).toBe(feed.entries.length)
    const dates = feed.entries.map((entry) => entry.updated!)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(feed.updated).toBe(dates[0])
  })

  it('keeps hostile text as text: markup, ampersands, quotes and control characters cannot break the feed or add to it', () => {
    const config = shipped()
    const article = articlesOf(blogOf(config))[0]!
    article.title = 'Cats & <script>alert("x")</script> \u0001 dogs'
    article.author = '"Quote" </name></author><entry>'
    article.intro = ']]> <![CDATA[ &amp; \u0008'
    const feed = parsed(atomFeed(languageSites(config)[0]!)!)
    const entry = feed.entries.find((candidate) => candidate.id!.endsWith(`#${article.id}`))!
    expect(entry.title).toBe('Cats & <script>alert("x")</script>  dogs')
    expect(entry.author).toBe('"Quote" </name></author><entry>')
    expect(entry.summary).toBe(']]> <![CDATA[ &amp; ')
    expect(feed.entries).toHaveLength(articlesOf(blogOf(config)).length)
  })

  it("writes one feed per language on a site in two languages, each of that language's articles, under its prefix", () => {
    const config = bilingualSiteConfig()
    const blog = blogOf(config)
    blog.title = { en: blog.title as string, bn: 'ব্লগ' } as unknown as string
    const article = articlesOf(blog)[0]!
    article.title = { en: article.title, bn: 'র‍্যানসমওয়্যার' } as unknown as string
    const [english, bengali] = languageSites(config)
    const englishFeed = parsed(atomFeed(english!)!)
    const bengaliFeed = parsed(atomFeed(bengali!)!)
    expect(bengaliFeed.id).toBe('https://www.example.com/bn/feed.atom')
    expect(bengaliFeed.feed.getAttribute('xml:lang')).toBe(bengali!.tag)
    expect(bengaliFeed.entries[0]!.id).toMatch(/^https:\/\/www\.example\.com\/bn\/resources\/blog#/)
    expect(bengaliFeed.entries.map((entry) => entry.title)).toContain('র‍্যানসমওয়্যার')
    expect(englishFeed.entries.map((entry) => entry.title)).not.toContain('র‍্যানসমওয়্যার')
    const bengaliBlog = bengali!.config.routes.find((route) => route.path === '/bn/resources/blog')!
    expect(feedLinkTag(bengali!, bengaliBlog)).toBe(`<link rel="alternate" type="application/atom+xml" title="${bengali!.config.site.name}: ব্লগ" href="/bn/feed.atom" />`)
  })

  it('has no feed for a language with no articles, and no feed link on a page without them', () => {
    const [english, bengali] = languageSites(bilingualSiteConfig())
    expect(atomFeed(bengali!)).toBeUndefined()
    const about = english!.config.routes.find((route) => route.path === '/about')!
    expect(feedLinkTag(english!, about)).toBe('')
  })
})
