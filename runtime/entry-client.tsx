import './styles'
import { createBrowserHistory, RouterProvider } from '@tanstack/react-router'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { startTransition } from 'react'
import { hydrateRoot, createRoot } from 'react-dom/client'
import { App } from './App'
import { onConfigChange, provideSiteData } from '../kit/config'
import { loadShellIcons } from '../kit/ShellIcon'
import { fetchPageData, inlineSiteData } from './built-site-data'
import { createSiteRouter, type SiteRouter } from './router'

const container = document.getElementById('root')!

/**
 * The router is made (its browser history, its route tree) in hydration's first render, a task
 * of React's scheduler, rather than while this script is evaluated: as one task the two could
 * hold up a tap on a slow phone (Lighthouse's Total Blocking Time). Made once: that render
 * suspends while the router hydrates and React renders it again.
 */
let router: SiteRouter | undefined
function HydratingRouter() {
  router ??= createSiteRouter()
  return <RouterClient router={router} />
}

/**
 * A prerendered page: its own config is in its HTML, other pages' content is fetched on
 * navigation. The shell's icons, preloaded by the page from its first frame, are there before
 * hydration draws them. (No top-level await: it would make the bundler split the entry in two.)
 */
async function hydratePage() {
  const siteData = inlineSiteData()
  provideSiteData(siteData, fetchPageData)
  await loadShellIcons(siteData.shellIcons)
  // A prerendered page: <RouterClient> hydrates the router from the state the prerender wrote
  // into the page (TanStack Router's manual SSR guide) and renders the same tree as the
  // prerender; each block hydrates once its chunk is there (runtime/block-view.tsx). Hydrating
  // inside a transition lets React yield to the browser every few milliseconds instead of one
  // long task: the page, already painted from the prerender, stays responsive meanwhile.
  startTransition(() => {
    hydrateRoot(
      container,
      <App>
        <HydratingRouter />
      </App>,
    )
  })
}

if (container.hasChildNodes()) {
  void hydratePage()
} else if (import.meta.env.DEV) {
  // `npm run dev` serves no prerendered HTML (a build prerenders every page, the 404 page
  // included, so this branch is left out of it): the router loads the page, then renders it.
  const root = createRoot(container)
  const history = createBrowserHistory()
  const render = async () => {
    const router = createSiteRouter(history)
    await router.load()
    root.render(
      <App>
        <RouterProvider router={router} />
      </App>,
    )
  }
  // A saved site.config.json then re-renders the open page in place. The route tree is built from
  // the config, so it is rebuilt with it.
  void import('./dev-site-data')
    .then(({ provideDevSiteData }) => provideDevSiteData())
    .then(() => {
      onConfigChange(render)
      return render()
    })
}
