import './styles'
import { createBrowserHistory, RouterProvider } from '@tanstack/react-router'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { startTransition } from 'react'
import { hydrateRoot, createRoot } from 'react-dom/client'
import { App } from './App'
import { onConfigChange } from '../kit/config'
import { createSiteRouter } from './router'

const container = document.getElementById('root')!

if (container.hasChildNodes()) {
  // A prerendered page: <RouterClient> hydrates the router from the state the prerender wrote
  // into the page (TanStack Router's manual SSR guide), loads the page's block components (the
  // page route's component preload), then renders the same tree as the prerender. Hydrating
  // inside a transition lets React yield to the browser every few milliseconds instead of one
  // long task: the page, already painted from the prerender, stays responsive meanwhile.
  const router = createSiteRouter()
  startTransition(() => {
    hydrateRoot(
      container,
      <App>
        <RouterClient router={router} />
      </App>,
    )
  })
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
  void render()
  // A saved site.config.json re-renders the open page in place. The route tree is built from the
  // config, so it is rebuilt with it.
  if (import.meta.hot) onConfigChange(render)
}
