// The dev server's modules made from site.config.json (scripts/lib/vite-site-config.ts). A build
// has none: its pages carry their data (kit/config.ts).

declare module 'virtual:site-data' {
  const data: import('../site/site-data').SiteData
  export default data
  /** A site in several languages: each language's SiteData by its prefix ('' the default language's, '/bn'); absent with one language. */
  export const languageSiteData: Record<string, import('../site/site-data').SiteData> | undefined
  /** One loader per route path: the route's PageData, a module of its own. */
  export const pageLoaders: Record<string, () => Promise<{ default: import('../site/site-data').PageData }>>
}
