import shell, { pageLoaders as builtPageLoaders } from 'virtual:site-config'
import type { Route, SiteConfig } from '../site/generated/site-config'
import type { PageContent, RouteSummary } from '../site/page-content'
import type { ShellTexts } from '../site/text-groups'

export type { PageContent, RouteSummary }

/**
 * What every page needs of site.config.json: settings, navigation, footer, the route table and the
 * words of the header, menus, footer and 404 page (a block's own words come with the block).
 */
export type SiteShell = Omit<SiteConfig, 'routes' | 'forms' | 'texts'> & { routes: RouteSummary[]; texts: ShellTexts }

/**
 * The site config, checked against schemas/ by `npm run validate` before every build, so the
 * runtime trusts its shape instead of validating it again in the browser. The blocks of each page
 * and the forms section are separate chunks (scripts/lib/vite-site-config.ts).
 */
export const config: SiteShell = shell
// Replaced by the dev server's live update, like the contents of `config`.
let pageLoaders = builtPageLoaders

/** The title, description, share image and blocks of one page, from that page's own chunk. */
export async function loadPageContent(route: RouteSummary): Promise<PageContent> {
  const load = pageLoaders[route.path]
  if (!load) throw new Error(`No content for ${route.path}`)
  return (await load()).default
}

export type { Route }

const listeners = new Set<() => void>()

/**
 * Dev server only (`npm run dev`): called after a saved site.config.json has replaced the
 * contents of `config` and the page loaders (a changed page's module comes back with a new
 * timestamp), so the page can re-render with it instead of reloading. In a build
 * `import.meta.hot` is undefined and this whole branch is dropped.
 */
export function onConfigChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

if (import.meta.hot) {
  import.meta.hot.accept('virtual:site-config', (next) => {
    if (!next) return
    // Replace the contents, not the object: every module holds this same `config` reference.
    const target = config as unknown as Record<string, unknown>
    for (const key of Object.keys(target)) delete target[key]
    Object.assign(target, next.default)
    pageLoaders = next.pageLoaders
    for (const listener of listeners) listener()
  })
}
