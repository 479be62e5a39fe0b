import type { Route } from '../site/generated/site-config.ts'

type SitemapRoute = Pick<Route, 'path' | 'blocks'>

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)

/** Pages worth a search result: every route except the shared placeholder pages. */
const indexableRoutes = (routes: SitemapRoute[]) => routes.filter((route) => !route.blocks.every((block) => block.type === 'placeholder'))

/**
 * sitemap.xml for search engines. Many pages are linked only from the menus, which render their
 * panels on demand, so crawlers learn of them here.
 */
export function sitemapXml(siteUrl: string, routes: SitemapRoute[]): string {
  const urls = indexableRoutes(routes).map((route) => `  <url><loc>${escapeXml(siteUrl + route.path)}</loc></url>`)
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n')
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`
}
