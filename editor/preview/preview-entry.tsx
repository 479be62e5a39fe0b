/**
 * The editor's live preview: the site's own runtime (styles, theme, layout, block components)
 * rendering the editor's unsaved config, which arrives by postMessage from the editor page that
 * holds this frame. The page at /_editor/preview is the editor's own (the dev server's, or the
 * built editor's behind the production server's sign-in), so nothing here reaches the site's
 * bundles. It holds still (hold-still.ts) and shows pictures before they are published.
 */
import '../../runtime/styles'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { createRoot } from 'react-dom/client'
import { preloadBlocks } from '../../runtime/blocks'
import { provideSiteData } from '../../kit/config'
import { loadShellIcons } from '../../kit/ShellIcon'
import { App } from '../../runtime/App'
import { Layout } from '../../runtime/layout/Layout'
import { NotFound } from '../../runtime/pages/NotFound'
import { siteTheme } from '../../runtime/theme'
import type { Block, SiteConfig } from '../../site/generated/site-config'
import { siteDataOf } from '../../site/site-data'
import { inLanguage, languageSites, pathInLanguage, siteLanguages } from '../../site/languages'
import { themePalettes } from '../../site/theme-palettes'
import { holdStill } from './hold-still'
import { PreviewPage } from './PreviewPage'
import { pickOnClick } from './preview-clicks'
import { isPreviewMessage, PREVIEW_INPUT_EVENT, previewReadyMessage, type PreviewMessage } from './preview-message'
import { previewStore, type ShownPage } from './preview-store'
import { blockWithDefaults, withSchemaDefaults } from './schema-defaults'
import { withEditorPictures } from '../server/media/picture-address'
import './preview.css'

// Before anything renders: nothing in the preview moves while the author edits (hold-still.ts).
holdStill()
const root = createRoot(document.getElementById('root')!)
/** The page as the messages so far describe it, and the config (defaults filled in) of the last message that brought one. */
let page: ShownPage = { path: '', blocks: [], selected: null, field: [] }
let site: SiteConfig | undefined
/** The language shown, the site's languages, and where the shown language's pages live ('' for the default one's). */
let shownLanguage = { language: '', languages: [] as string[], prefix: '' }
/** Header, footer and route table of `site`, and of the router shown: they change rarely, and only then is the router rebuilt. */
let structure = ''
let shownStructure = ''
let router: ReturnType<typeof buildRouter> | undefined

/**
 * Hands the runtime the unsaved config (kit/config.ts), as the dev server hands it the saved one:
 * shell, palettes, the shell's icons, every block's words and the forms.
 */
async function provideConfig(config: SiteConfig) {
  const data = siteDataOf(config, 'all')
  await loadShellIcons(data.shellIcons)
  // The preview shows its page's blocks itself (PreviewPage): the runtime loads no page content here.
  provideSiteData(data, (path) => Promise.reject(new Error(`The preview loads no page content (${path})`)))
}

function buildRouter(paths: string[], path: string) {
  const rootRoute = createRootRoute({ component: Layout, notFoundComponent: NotFound })
  const pages = paths.map((pagePath) => createRoute({ getParentRoute: () => rootRoute, path: pagePath, component: () => <PreviewPage path={pagePath} /> }))
  return createRouter({ routeTree: rootRoute.addChildren(pages), history: createMemoryHistory({ initialEntries: [path] }), trailingSlash: 'never', scrollRestoration: false })
}

/**
 * Takes a message in, in the order they come: a whole config is filled in with its defaults at
 * once, a changed block alone, and every other block keeps its object (so it does not re-render).
 * Pictures are shown from the editor's library (picture-address.ts), so an uploaded one shows
 * before it is published.
 */
function receive(message: PreviewMessage) {
  const { block: selected, field } = message
  if (message.config) {
    // The site of the language asked for, as its visitors get it (site/languages.ts): its texts picked out, its pages at their addresses in it.
    const sites = languageSites(message.config)
    const chosen = sites.find((candidate) => candidate.language === message.language) ?? sites[0]!
    shownLanguage = { language: chosen.language, languages: siteLanguages(message.config.site), prefix: chosen.prefix }
    site = withEditorPictures(withSchemaDefaults(chosen.config))
    const path = pathInLanguage(message.path, chosen.prefix)
    const { routes, forms: _forms, ...settings } = site
    structure = JSON.stringify([settings, routes.map((route) => [route.path, route.title, route.aliases, route.layout])])
    const blocks = site.routes.find((route) => route.path === path)?.blocks ?? []
    page = { path, blocks, selected, field }
    return
  }
  // Changes to a config this frame never had (it reloaded meanwhile): the editor sends it whole once asked.
  if (!site) return
  const { language, languages, prefix } = shownLanguage
  const blocks = page.blocks.slice(0, message.blockCount)
  const picked = (block: Block) => (languages.length > 1 ? inLanguage(block, language, languages) : block)
  for (const [index, block] of message.changedBlocks) blocks[index] = withEditorPictures(blockWithDefaults(picked(block)))
  page = { path: pathInLanguage(message.path, prefix), blocks, selected, field }
}

/** Shows the page as received so far, once its blocks' components are loaded. */
async function show() {
  // As received when this turn came: messages go on arriving meanwhile, and the next turn shows them.
  const [shown, shownSite, wanted] = [page, site, structure]
  await preloadBlocks(shown.blocks.map((block) => block.type))
  if (!shownSite) return
  previewStore.set(shown)
  // The site's language, as the built pages declare it (content/site-head.ts).
  document.documentElement.lang = shownSite.site.locale
  // Typing in a block's field re-renders just that block, in place; only a changed header,
  // footer or route table rebuilds the router.
  if (wanted !== shownStructure || !router) {
    shownStructure = wanted
    await provideConfig(shownSite)
    router = buildRouter(
      shownSite.routes.map((route) => route.path),
      shown.path,
    )
    // Loaded before it renders, as runtime/entry-client.tsx does; the key makes React mount the
    // new router instead of handing it to the old one's provider, which would never load it.
    await router.load()
    // The site's own providers (runtime/App.tsx): its theme and the CSS variables it adds to
    // Mantine's, such as the footer's navy, exactly as the built pages have them.
    const { theme } = shownSite.site
    root.render(
      <App theme={siteTheme(theme, themePalettes(theme))}>
        <RouterProvider key={wanted} router={router} />
      </App>,
    )
  } else if (router.state.location.pathname !== shown.path) {
    await router.navigate({ to: shown.path })
  }
}

// One at a time, in order: a message that arrives while a page's components load waits its turn.
let showing = Promise.resolve()
window.addEventListener('message', (event) => {
  if (event.origin !== window.location.origin || event.source !== window.parent || !isPreviewMessage(event.data)) return
  receive(event.data)
  showing = showing.then(show).catch((error: unknown) => console.error(error))
})
pickOnClick((input) => window.frameElement?.dispatchEvent(new CustomEvent(PREVIEW_INPUT_EVENT, { detail: input })))
window.parent.postMessage(previewReadyMessage, window.location.origin)
