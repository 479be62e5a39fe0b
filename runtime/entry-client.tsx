import './styles'
import { createBrowserHistory, type RouterHistory } from '@tanstack/react-router'
import { startTransition } from 'react'
import { hydrateRoot, createRoot, type Root } from 'react-dom/client'
import { App } from './App'
import { onConfigChange } from '../kit/config'
import { createSiteRouter } from './router'

/**
 * A router for the current config, with the current page's loader run (its blocks and their
 * components), so the first render matches the prerendered HTML and nothing suspends.
 */
async function loadedRouter(history: RouterHistory) {
  const router = createSiteRouter(history)
  await router.load()
  return router
}

async function start() {
  const history = createBrowserHistory()
  const router = await loadedRouter(history)
  // Tell the router its first render hydrates server HTML: it then renders the same tree as the
  // prerender (no extra root Suspense boundary). We prerender without TanStack Start, so there is
  // no dehydrated router state to restore; the pages are static and need none.
  router.ssr = { manifest: undefined }
  const container = document.getElementById('root')!
  let root: Root
  // Hydrating inside a transition lets React yield to the browser every few milliseconds instead
  // of one long task: the page, already painted from the prerender, stays responsive meanwhile.
  if (container.hasChildNodes()) startTransition(() => void (root = hydrateRoot(container, <App router={router} />)))
  else (root = createRoot(container)).render(<App router={router} />)

  // `npm run dev`: a saved site.config.json re-renders the open page in place. The route tree
  // is built from the config, so it is rebuilt with it. Dropped from the production build.
  if (import.meta.hot) {
    onConfigChange(async () => root.render(<App router={await loadedRouter(history)} />))
  }
}

void start()
