import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server'
import { registry } from '../blocks/registry'
import { App } from './App'
import { preloadBlocks } from './blocks'
import { config } from '../kit/config'
import { iconLoaders } from '../kit/icon-loaders'
import type { IconName } from '../site/generated/site-config'
import { createSiteRouter } from './router'
import { theme } from './theme'

export { config }
export const blockTypes = Object.keys(registry)
/** The theme's colours for the share image the build draws (scripts/lib/share-image.ts). */
export const shareColours = { dark: theme.colors!.brand![9], light: theme.colors!.brand![6], accent: theme.colors!.accent![3] }

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
  await Promise.all([preloadBlocks(blockTypes), icons.preloadIcons(Object.keys(iconLoaders) as IconName[])])
  const handler = createRequestHandler({ request: new Request(new URL(path, config.site.url)), createRouter: () => createSiteRouter() })
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
