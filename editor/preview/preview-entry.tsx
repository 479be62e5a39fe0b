/**
 * The editor's live preview: the site's own runtime (styles, theme, layout, block components)
 * rendering the editor's unsaved config, which arrives by postMessage from the editor page that
 * holds this frame. The page at /_editor/preview is served by the dev server only, so nothing
 * here reaches the site's bundles.
 */
import '../../runtime/styles'
import { MantineProvider } from '@mantine/core'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { createRoot } from 'react-dom/client'
import { preloadBlocks } from '../../runtime/blocks'
import { config as shell } from '../../kit/config'
import { Layout } from '../../runtime/layout/Layout'
import { NotFound } from '../../runtime/pages/NotFound'
import { theme } from '../../runtime/theme'
import { withBrandDefaults } from '../../site/brand-defaults'
import { PreviewPage, previewStore } from './PreviewPage'
import { isPreviewMessage, previewReadyMessage, type PreviewMessage } from './preview-message'
import { withSchemaDefaults } from './schema-defaults'
import './preview.css'

const root = createRoot(document.getElementById('root')!)
let shownStructure = ''
let router: ReturnType<typeof buildRouter> | undefined

/** The route table and everything else but the blocks, as the runtime's config module has it (the brand's names and icons filled in). */
function replaceShell(config: PreviewMessage['config']) {
  const { forms: _forms, routes, ...rest } = config
  const next = {
    ...rest,
    site: withBrandDefaults(rest.site),
    routes: routes.map(({ blocks: _blocks, title: _title, description: _description, ...route }) => route),
  }
  // Replace the contents, not the object: the runtime's modules all hold this same reference.
  const target = shell as unknown as Record<string, unknown>
  for (const key of Object.keys(target)) delete target[key]
  Object.assign(target, next)
}

function buildRouter(paths: string[], path: string) {
  const rootRoute = createRootRoute({ component: Layout, notFoundComponent: NotFound })
  const pages = paths.map((pagePath) => createRoute({ getParentRoute: () => rootRoute, path: pagePath, component: () => <PreviewPage path={pagePath} /> }))
  return createRouter({ routeTree: rootRoute.addChildren(pages), history: createMemoryHistory({ initialEntries: [path] }), trailingSlash: 'never', scrollRestoration: false })
}

async function show(message: PreviewMessage) {
  const page = message.config.routes.find((route) => route.path === message.path)
  await preloadBlocks(page?.blocks.map((block) => block.type) ?? [])
  const { routes, forms: _forms, ...settings } = message.config
  // Header, footer and route table change rarely: rebuild the router only then, so typing in a
  // block's field re-renders just the page, in place.
  const structure = JSON.stringify([settings, routes.map((route) => [route.path, route.title, route.aliases, route.layout])])
  previewStore.set(message)
  // The site's language, as the built pages declare it (scripts/lib/vite-site-config.ts).
  document.documentElement.lang = message.config.site.locale
  if (structure !== shownStructure || !router) {
    shownStructure = structure
    replaceShell(message.config)
    router = buildRouter(
      routes.map((route) => route.path),
      message.path,
    )
    // Loaded before it renders, as runtime/entry-client.tsx does; the key makes React mount the
    // new router instead of handing it to the old one's provider, which would never load it.
    await router.load()
    root.render(
      <MantineProvider theme={theme} defaultColorScheme="light">
        <RouterProvider key={structure} router={router} />
      </MantineProvider>,
    )
  } else if (router.state.location.pathname !== message.path) {
    await router.navigate({ to: message.path })
  }
}

window.addEventListener('message', (event) => {
  if (event.origin !== window.location.origin || !isPreviewMessage(event.data)) return
  void show({ ...event.data, config: withSchemaDefaults(event.data.config) })
})
window.parent.postMessage(previewReadyMessage, window.location.origin)
