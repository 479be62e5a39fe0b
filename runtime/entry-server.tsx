import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server'
import { registry } from '../blocks/registry'
import { App } from './App'
import { preloadBlocks } from './blocks'
import { config, provideSiteData, type PageSource, type SiteData } from '../kit/config'
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
 * Renders one path to HTML with TanStack Router's server rendering (its manual SSR guide:
 * createRequestHandler, renderRouterToString, RouterServer): the router loads the page, then its
 * state (the matched routes and the page's blocks, their loader data) is dehydrated into inline
 * scripts that <Scripts /> writes into the page, and <RouterClient> hydrates from them. The
 * answer is the app's HTML (without the doctype the router puts before it), head tags first.
 * All blocks and icons are loaded first, so nothing suspends. `expectedStatus` is 404 for the 404 page.
 */
export async function render(path: string, expectedStatus = 200): Promise<string> {
  const icons = await import('../kit/lazy-icons')
  await Promise.all([preloadBlocks(Object.keys(registry)), icons.preloadIcons(Object.keys(iconLoaders) as IconName[])])
  const handler = createRequestHandler({ request: new Request(new URL(path, config.site.url)), createRouter: prerenderRouter })
  const response = await handler(({ router, responseHeaders }) =>
    renderRouterToString({
      router,
      responseHeaders,
      children: (
        <App>
          <RouterServer router={router} />
        </App>
      ),
    }),
  )
  const html = await response.text()
  if (response.status !== expectedStatus) throw new Error(`Rendering ${path} answered ${response.status}, not ${expectedStatus}: ${html.slice(0, 200)}`)
  return html.replace(/^<!DOCTYPE html>/i, '')
}

/**
 * When a prerendered page's data was loaded, as its dehydrated state tells the browser's router.
 * A fixed time, so a page's bytes depend on its content alone: a publish keeps the files of the
 * pages it did not change, and they are the very bytes a whole build would write. The browser
 * reads it only to decide whether cached page data is stale, which a page visited after its build
 * is either way.
 */
const PRERENDERED_AT = 0

/** The site's router, whose loaded pages carry PRERENDERED_AT rather than the moment they were rendered. */
function prerenderRouter() {
  const router = createSiteRouter()
  const load = router.load.bind(router)
  router.load = async (options) => {
    await load(options)
    for (const match of router.state.matches) match.updatedAt = PRERENDERED_AT
  }
  return router
}
