import { createBrowserHistory, RouterProvider } from '@tanstack/react-router'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { onConfigChange } from '../kit/config'
import { provideDevSiteData } from './dev-site-data'
import { createSiteRouter } from './router'

/**
 * `npm run dev` serves no prerendered HTML: the whole app renders in the browser, with the router
 * (client-side navigation), loading the page, then rendering it. A saved site.config.json then
 * re-renders the open page in place; the route tree is built from the config, so it is rebuilt with it.
 */
export async function renderDevPage(container: HTMLElement): Promise<void> {
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
  await provideDevSiteData()
  onConfigChange(render)
  await render()
}
