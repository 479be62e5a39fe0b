import shell, { pageLoaders } from 'virtual:site-config'
import type { Block, Route, SiteConfig } from './generated/site-config'

/** A route as every page knows it: everything but its blocks, which load with the page. */
export type RouteSummary = Omit<Route, 'blocks'> & { blockTypes: Block['type'][] }

/** What every page needs of site.config.json: settings, navigation, footer and the route table. */
export type SiteShell = Omit<SiteConfig, 'routes' | 'forms'> & { routes: RouteSummary[] }

/**
 * The site config, checked against schemas/ by `npm run validate` before every build, so the
 * runtime trusts its shape instead of validating it again in the browser. The blocks of each page
 * and the forms section are separate chunks (scripts/lib/vite-site-config.ts).
 */
export const config: SiteShell = shell

/** The blocks of one page, from that page's own chunk. */
export async function loadPageBlocks(route: RouteSummary): Promise<Block[]> {
  const load = pageLoaders[route.path]
  if (!load) throw new Error(`No blocks for ${route.path}`)
  return (await load()).default
}

export type { Route }
