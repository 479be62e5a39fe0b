// The dev server's modules made from site.config.json (scripts/lib/vite-site-config.ts). A build
// has none: its pages carry their data (kit/config.ts).

declare module 'virtual:site-data' {
  const data: import('../site/site-data').SiteData
  export default data
  /** One loader per route path: the route's PageData, a module of its own. */
  export const pageLoaders: Record<string, () => Promise<{ default: import('../site/site-data').PageData }>>
}
