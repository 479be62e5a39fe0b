import './styles'
import { createBrowserHistory } from '@tanstack/react-router'
import { startTransition } from 'react'
import { hydrateRoot, createRoot } from 'react-dom/client'
import { App } from './App'
import { createSiteRouter } from './router'

async function start() {
  const router = createSiteRouter(createBrowserHistory())
  // Tell the router its first render hydrates server HTML: it then renders the same tree as the
  // prerender (no extra root Suspense boundary). We prerender without TanStack Start, so there is
  // no dehydrated router state to restore; the pages are static and need none.
  router.ssr = { manifest: undefined }
  // Runs the page's loader (its blocks and their components) before hydrating, so the first
  // render matches the HTML.
  await router.load()
  router.subscribe('onResolved', ({ pathChanged }) => {
    if (pathChanged) window.scrollTo(0, 0)
  })
  const container = document.getElementById('root')!
  // Hydrating inside a transition lets React yield to the browser every few milliseconds instead
  // of one long task: the page, already painted from the prerender, stays responsive meanwhile.
  if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, <App router={router} />))
  else createRoot(container).render(<App router={router} />)
}

void start()
