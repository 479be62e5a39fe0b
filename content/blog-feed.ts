import escapeHtml from 'escape-html'
import type { Route } from '../site/generated/site-config.ts'
import type { LanguageSite } from '../site/languages.ts'
import { parseArticleDate } from '../site/article-date.ts'

type Article = Extract<Route['blocks'][number], { type: 'blogArticles' }>['articles'][number]

/**
 * Where a language's feed is: `/feed.atom`, `/bn/feed.atom`. The `.atom` name gives it the type
 * application/atom+xml from the MIME tables Node (mime-types) and nginx (mime.types) already read.
 */
export const feedPathOf = (prefix: string): string => `${prefix}/feed.atom`

/** The pages of a language that list articles (the blogArticles block). */
const blogRoutesOf = (routes: Route[]) => routes.filter((route) => route.blocks.some((block) => block.type === 'blogArticles'))

/** The feed's title: the site's name and, when one page lists the articles, that page's title (Eastbridge Cyber Systems: Blog). */
const feedTitleOf = ({ config }: LanguageSite) => {
  const blogs = blogRoutesOf(config.routes)
  return blogs.length === 1 ? `${config.site.name}: ${blogs[0]!.title}` : config.site.name
}

/** The <link> in the head of a page that lists articles, through which browsers and feed readers find its language's feed; none on other pages. */
export function feedLinkTag(site: LanguageSite, route: Route): string {
  if (!blogRoutesOf([route]).length) return ''
  return `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feedTitleOf(site))}" href="${escapeHtml(feedPathOf(site.prefix))}" />`
}

/** XML 1.0 allows no control characters but tab and line breaks, even escaped: a config could hold one in a string, and it would make the whole feed unreadable. */
// eslint-disable-next-line no-control-regex -- the control characters are what it removes
const xmlText = (text: string) => escapeHtml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''))

/** An article's date as Atom's date-time (RFC 3339); a month without a day is its first day. */
function atomDate(text: string): string {
  const date = parseArticleDate(text)
  // The checker refuses any other date before the build reads one.
  if (!date.ok) throw new Error(`Blog date "${text}" is not a date the site can read (\`npm run validate\` says why)`)
  return `${date.iso.length === 7 ? `${date.iso}-01` : date.iso}T00:00:00Z`
}

/**
 * The Atom feed (RFC 4287) of one language's articles: every blogArticles block's articles on that
 * language's pages, newest first, each linking to its card on its page (the card's id). Undefined
 * for a language with no articles. Ids are the articles' addresses, so they stay while the article
 * stays; `updated` is the newest article's date, so building the same site again writes the same feed.
 */
export function atomFeed(site: LanguageSite): string | undefined {
  const { config, prefix, tag } = site
  const base = config.site.url
  const entries = blogRoutesOf(config.routes).flatMap((route) =>
    route.blocks.flatMap((block) => (block.type === 'blogArticles' ? block.articles.map((article) => ({ article, route, date: atomDate(article.date) })) : [])),
  )
  if (entries.length === 0) return undefined
  entries.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
  const blogs = blogRoutesOf(config.routes)
  const entryXml = ({ article, route, date }: { article: Article; route: Route; date: string }) => {
    const link = `${base}${route.path}#${article.id}`
    return [
      '  <entry>',
      `    <id>${xmlText(link)}</id>`,
      `    <title>${xmlText(article.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(link)}"/>`,
      `    <published>${date}</published>`,
      `    <updated>${date}</updated>`,
      `    <author><name>${xmlText(article.author)}</name></author>`,
      `    <category term="${xmlText(article.category)}"/>`,
      `    <summary>${xmlText(article.intro)}</summary>`,
      '  </entry>',
    ].join('\n')
  }
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xmlText(tag)}">`,
    `  <id>${xmlText(base + feedPathOf(prefix))}</id>`,
    `  <title>${xmlText(feedTitleOf(site))}</title>`,
    `  <updated>${entries[0]!.date}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(base + feedPathOf(prefix))}"/>`,
    // Atom allows one alternate link of a type: the first page that lists articles.
    `  <link rel="alternate" type="text/html" href="${xmlText(base + blogs[0]!.path)}"/>`,
    `  <author><name>${xmlText(config.site.name)}</name></author>`,
    ...entries.map(entryXml),
    '</feed>',
    '',
  ].join('\n')
}
