import type { Route } from '../site/generated/site-config.ts'
import type { RouteSummary } from '../site/page-content.ts'

type SitemapRoute = Pick<Route, 'path' | 'blocks'> & Pick<RouteSummary, 'alternates'>

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)

/** Pages worth a search result: every route except the shared placeholder pages. */
const indexableRoutes = (routes: SitemapRoute[]) => routes.filter((route) => !route.blocks.every((block) => block.type === 'placeholder'))

/**
 * A page's other languages as search engines read them (Google's sitemap hreflang): one link per
 * language the page is in, itself included, and x-default at the default language's, which is
 * the first of `alternates` (site/languages.ts lists them in the site's order).
 */
function alternateLinks(siteUrl: string, alternates: Record<string, string>, tags: Record<string, string>): string[] {
  const link = (hreflang: string, path: string) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(siteUrl + path)}"/>`
  const paths = Object.entries(alternates)
  return [...paths.map(([language, path]) => link(tags[language] ?? language, path)), link('x-default', paths[0]![1])]
}

/**
 * sitemap.xml for search engines. Many pages are linked only from the menus, which render their
 * panels on demand, so crawlers learn of them here. In a site of several languages `routes` are
 * every language's pages, and a page in more than one carries its alternates (language code →
 * path), written with the languages' tags (`tags`: code → BCP 47 tag). A page with a day in
 * `dates` (content/page-dates.ts: the day its content last changed) carries it as its lastmod.
 */
export function sitemapXml(siteUrl: string, routes: SitemapRoute[], tags: Record<string, string> = {}, dates: Record<string, string> = {}): string {
  const indexable = indexableRoutes(routes)
  const withAlternates = indexable.some((route) => route.alternates)
  const urls = indexable.map((route) => {
    const date = dates[route.path]
    const loc = `<loc>${escapeXml(siteUrl + route.path)}</loc>${date ? `<lastmod>${escapeXml(date)}</lastmod>` : ''}`
    if (!route.alternates) return `  <url>${loc}</url>`
    return [`  <url>`, `    ${loc}`, ...alternateLinks(siteUrl, route.alternates, tags), `  </url>`].join('\n')
  })
  const urlset = withAlternates
    ? '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'
    : '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
  return ['<?xml version="1.0" encoding="UTF-8"?>', urlset, ...urls, '</urlset>', ''].join('\n')
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`
}
