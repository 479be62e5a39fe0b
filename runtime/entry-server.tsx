import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { registry } from '../blocks/registry'
import { App } from './App'
import { IslandCollection, type IslandCollector } from '../kit/islands/Island'
import { islandIdPrefix, ISLAND_ATTRIBUTE } from '../kit/islands/island-markup'
import { IslandRoot } from './islands/IslandRoot'
import { preloadBlocks } from './blocks'
import { provideSiteData, type PageSource, type SiteData } from '../kit/config'
import { loadShellIcons } from '../kit/ShellIcon'
import { iconLoaders } from '../kit/icon-loaders'
import type { IconName } from '../site/generated/site-config'
import { createSiteRouter } from './router'

/**
 * The config to render with (every block's words and the forms: siteDataOf(config, "all")) and
 * where the router's loaders find each page's content, handed in before the pages render. A later
 * call replaces the site: the content build's long-lived process renders one config after another.
 */
export async function startPrerender(data: SiteData, pages: PageSource): Promise<void> {
  provideSiteData(data, pages)
  await loadShellIcons(data.shellIcons)
}

/**
 * Renders one path to HTML: the router loads the page, then React renders it to a string. No
 * router state or router script goes into the page, since the browser runs no router on a built
 * page (plain navigation, prerendered by the browser ahead: content/html-page.ts). Each island
 * (runtime/islands/) is then rendered on its own, as the browser hydrates it: its own root, its
 * own ids, no router. The answer is the app's HTML, head tags first. All blocks and icons are
 * loaded first, so nothing suspends. `expectedStatus` is 404 for the 404 page.
 */
export async function render(path: string, expectedStatus = 200): Promise<string> {
  const icons = await import('../kit/lazy-icons')
  await Promise.all([preloadBlocks(Object.keys(registry)), icons.preloadIcons(Object.keys(iconLoaders) as IconName[])])
  // Scroll restoration is the browser's own with plain navigation: the router writes no script for it.
  const router = createSiteRouter(createMemoryHistory({ initialEntries: [path] }), { scrollRestoration: false })
  await router.load()
  const islands: IslandCollector = []
  const html = renderToString(
    <IslandCollection value={islands}>
      <App>
        <RouterProvider router={router} />
      </App>
    </IslandCollection>,
  )
  // As the root route's head tells: a page was found when one was loaded.
  const status = router.state.matches.some((match) => match.loaderData !== undefined) ? 200 : 404
  if (status !== expectedStatus) throw new Error(`Rendering ${path} answered ${status}, not ${expectedStatus}: ${html.slice(0, 200)}`)
  return withIslands(html, islands, path)
}

/** Fills the empty island elements of a page, in the order they were rendered, which is the order of its HTML. */
function withIslands(html: string, islands: IslandCollector, path: string): string {
  let index = 0
  const filled = html.replace(new RegExp(`(<div [^>]*${ISLAND_ATTRIBUTE}="[^"]*"[^>]*>)(</div>)`, 'g'), (_element, start: string, end: string) => {
    const island = islands[index]
    if (!island) throw new Error(`Rendering ${path}: more island elements in its HTML than islands rendered`)
    const inner = renderToString(<IslandRoot path={path}>{island}</IslandRoot>, { identifierPrefix: islandIdPrefix(index) })
    index += 1
    return start + inner + end
  })
  if (index !== islands.length) throw new Error(`Rendering ${path}: ${islands.length} islands rendered, ${index} found in its HTML`)
  return filled
}
