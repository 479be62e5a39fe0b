import { createRootRoute, createRoute, createRouter, redirect, type RouterHistory } from '@tanstack/react-router'
import { notFoundHead, pageHead, routeHead } from './head'
import { config, loadPageBlocks } from '../kit/config'
import { preloadBlocks } from './blocks'
import { Layout } from './layout/Layout'
import { NotFound } from './pages/NotFound'
import { Page } from './pages/Page'

/**
 * The route tree, built from `routes` in site.config.json: one route per page, plus one redirect
 * route per alias spelling so /Contact resolves client-side as the server's 301 does.
 */
export function createSiteRouter(history: RouterHistory) {
  // The root route's head is the 404 page's: it applies only when no page route matched.
  const rootRoute = createRootRoute({
    component: Layout,
    notFoundComponent: NotFound,
    head: ({ matches }) => (matches.length > 1 ? {} : routeHead(config.site, notFoundHead(config.site))),
  })

  const pages = config.routes.map((route) => {
    const pageRoute = createRoute({
      getParentRoute: () => rootRoute,
      path: route.path,
      head: () => routeHead(config.site, pageHead(config.site, route)),
      // The page's blocks and their components arrive before it renders: on link hover
      // (preload), on navigation, and before hydration, so the first render matches the HTML.
      loader: async () => (await Promise.all([loadPageBlocks(route), preloadBlocks(route.blockTypes)]))[0],
      component: () => <Page route={route} blocks={pageRoute.useLoaderData()} />,
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
    scrollRestoration: true,
    defaultPreload: 'intent',
  })
}

export type SiteRouter = ReturnType<typeof createSiteRouter>
