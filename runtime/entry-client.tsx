import './styles'
import { createBrowserHistory } from '@tanstack/react-router'
import { hydrateRoot, createRoot } from 'react-dom/client'
import { App } from './App'
import { preloadBlocks } from './blocks'
import { createSiteRouter } from './router'
import { findRoute } from './site-links'

async function start() {
  const router = createSiteRouter(createBrowserHistory())
  // Tell the router its first render hydrates server HTML: it then renders the same tree as the
  // prerender (no extra root Suspense boundary). We prerender without TanStack Start, so there is
  // no dehydrated router state to restore; the pages are static and need none.
  router.ssr = { manifest: undefined }
  // Load the current page's blocks before hydrating so the first render matches the HTML.
  const route = findRoute(window.location.pathname)
  await Promise.all([preloadBlocks(route?.blocks.map((block) => block.type) ?? []), router.load()])
  router.subscribe('onResolved', ({ pathChanged }) => {
    if (pathChanged) window.scrollTo(0, 0)
  })
  const container = document.getElementById('root')!
  if (container.hasChildNodes()) hydrateRoot(container, <App router={router} />)
  else createRoot(container).render(<App router={router} />)
}

void start()
