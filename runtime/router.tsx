import { createRootRoute, createRoute, createRouter, redirect, type RouteComponent, type RouterHistory } from '@tanstack/react-router'
import { notFoundHead, pageHead, routeHead } from './head'
import { config, loadPageContent } from '../kit/config'
import { preloadBlocks } from './blocks'
import { Layout } from './layout/Layout'
import { NotFound } from './pages/NotFound'
import { Page } from './pages/Page'

/**
 * The route tree, built from `routes` in site.config.json: one route per page, plus one redirect
 * route per alias spelling so /Contact resolves client-side as the server's 301 does. The same
 * factory serves the prerender (a memory history at the page's path, no scroll restoration), and
 * the browser in `npm run dev` and the editor's preview (its own history unless one is passed).
 */
export function createSiteRouter(history?: RouterHistory, { scrollRestoration = true } = {}) {
  // The root route's head is the 404 page's: it applies only when no page was loaded. An unknown
  // address under a page's (/bn/no-such-page under /bn, a language's home) matches that page
  // without loading it, and is a 404 page too.
  const rootRoute = createRootRoute({
    component: Layout,
    notFoundComponent: NotFound,
    head: ({ matches }) => (matches.some((match) => match.loaderData !== undefined) ? {} : routeHead(config.site, notFoundHead(config.site, config.texts.notFound))),
  })

  const pages = config.routes.map((route) => {
    const component: RouteComponent = () => <Page route={route} blocks={pageRoute.useLoaderData().blocks} />
    const pageRoute = createRoute({
      getParentRoute: () => rootRoute,
      path: route.path,
      head: ({ loaderData }) =>
        loaderData ? routeHead(config.site, pageHead(config.site, { path: route.path, alternates: route.alternates, ...loaderData }, config.languages)) : {},
      // The page's title, description and blocks, from its own chunk, then the components of its
      // blocks and the icons they name, so a page navigated to renders whole at once (on link
      // hover or on navigation). The prerender's are dehydrated into the page's HTML, so hydration
      // runs no loader: each block hydrates once its chunk, which the page preloads, is there.
      loader: async () => {
        const content = await loadPageContent(route)
        const loadIcons = import('../kit/lazy-icons').then((icons) => icons.preloadIcons(icons.iconNamesIn(content.blocks)))
        await Promise.all([preloadBlocks(content.blocks.map((block) => block.type)), loadIcons])
        return content
      },
      component,
    })
    return pageRoute
  })
  const aliases = config.routes.flatMap((route) =>
    (route.aliases ?? []).map((alias) =>
      createRoute({
        getParentRoute: () => rootRoute,
        path: alias,
        beforeLoad: () => {
          throw redirect({ to: route.path, replace: true })
        },
      }),
    ),
  )

  return createRouter({
    routeTree: rootRoute.addChildren([...pages, ...aliases]),
    history,
    trailingSlash: 'never',
    // The router's scroll restoration: a new page starts at the top, Back and Forward return to
    // where the visitor was on that page.
    scrollRestoration,
    defaultPreload: 'intent',
  })
}
