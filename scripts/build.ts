/**
 * `npm run build [-- path/to/config.json] [--debug]` (`SITE_DIR=path/to/site npm run build` builds
 * another site folder, scripts/lib/site-folder.ts): first the checker of `npm run validate` on the
 * config it is about to build, which stops the build on any problem; then the Vite client build
 * (with the site's public/ and nothing else of it), the Vite SSR build of the prerender entry,
 * every route rendered to dist/<path>/index.html (and the 404 page to dist/404.html),
 * precompression, and the server compiled to build/server/ (scripts/lib/build-server.ts).
 *
 * `SITE_PAGES_ONLY=1 npm run build` builds dist/ without its precompressed copies, the server, the
 * nginx conf or the build stamp: enough to look at the pages (npm run preview:diff builds two
 * throwaway copies this way), not to deploy. No stamp, so `npm start` does not take it for a full build.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { pageDataOf, siteDataOf, SITE_DATA_ELEMENT_ID, type PageData, type SiteData } from '../site/site-data.ts'
import { pageDataPath } from '../site/page-module-name.ts'
import { shellIconNames } from '../site/brand-defaults.ts'
import { withSiteHead } from './lib/site-head.ts'
import { sourceHash, writeBuildStamp } from './lib/build-stamp.ts'
import { buildServer } from './lib/build-server.ts'
import { buildEditorClient } from './lib/build-editor.ts'
import { siteServerBlock } from './lib/site-nginx.ts'
import { precompress } from './lib/compress.ts'
import { blockAssetTags, fillTemplate, inlineStylesheets, splitHeadTags, startAfterFirstPaint } from './lib/html-page.ts'
import { assetsOf, readManifest } from './lib/manifest.ts'
import { iconModules } from './lib/icon-chunks.ts'
import { iconNamesIn } from '../kit/icon-names.ts'
import { distDir, nginxBuildDir, root } from './lib/paths.ts'
import { robotsTxt, sitemapXml } from './lib/sitemap.ts'
import { shareImagePng } from './lib/share-image.ts'
import { structuredData, structuredDataTags } from './lib/structured-data.ts'
import { checkedSiteOrExit } from './lib/build-config.ts'
import { notFoundRenderPath } from '../site/reserved-addresses.ts'
import type { Block, SiteConfig } from '../site/generated/site-config.ts'
import { themePalettes, type ThemePalettes } from '../site/theme-palettes.ts'
import { withSchemaDefaults } from '../authoring/config/config-defaults.ts'
import { BUILT_FORMS_FILE } from '../server/static/load-site.ts'
import { shareImageFile } from '../runtime/head.ts'
import { pagePolicyOf } from './lib/page-policy.ts'
import type { PagePolicy } from '../server/security-headers.ts'

interface ServerEntry {
  startPrerender(data: SiteData, pages: (path: string) => Promise<PageData>): Promise<void>
  render(path: string, expectedStatus?: number): Promise<string>
}

const started = performance.now()
const { configFile: configPath } = checkedSiteOrExit(process.argv.slice(2))
// One prerender bundle per output folder, named by its whole path: two builds elsewhere at once (two
// browser tests, each into its own temporary "dist") must not write into each other's.
const ssrDir = path.join(root, 'node_modules', '.cache', process.env.SITE_OUT_DIR ? `site-ssr-${createHash('sha256').update(distDir).digest('hex').slice(0, 12)}` : 'site-ssr')
const hash = sourceHash()

// `npm run build -- --debug` keeps React's development build, whose hydration errors name the difference.
const debug = process.argv.includes('--debug')
const mode = debug ? 'development' : 'production'
if (debug) process.env.NODE_ENV = 'development'
await build({ root, mode, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true, minify: !debug } })
await build({ root, mode, logLevel: 'warn', build: { ssr: 'runtime/entry-server.tsx', outDir: ssrDir, emptyOutDir: true } })

// The whole config (blocks included): the page's start-up chunks, its structured data (for search
// engines, which read the prerendered HTML, so it adds no JavaScript to the page) and the sitemap.
const fullConfig: SiteConfig = withSchemaDefaults(JSON.parse(fs.readFileSync(configPath, 'utf8')))
const routeAt = (urlPath: string) => fullConfig.routes.find((route) => route.path === urlPath)
const entry: ServerEntry = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)
await entry.startPrerender(siteDataOf(fullConfig, 'all'), async (urlPath) => {
  const route = routeAt(urlPath)
  if (!route) throw new Error(`No route ${urlPath} in ${configPath}`)
  return pageDataOf(fullConfig, route)
})
const manifest = readManifest(distDir)
const template = withSiteHead(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'), fullConfig.site)
const blockSource = (type: string) => {
  const key = Object.keys(manifest).find((source) => source.startsWith(`blocks/${type}/`) && manifest[source]!.file)
  if (!key) throw new Error(`No built chunk for block type "${type}"`)
  return key
}

const icons = iconModules()
/**
 * The chunks of the icons a page's blocks name (kit/icon-names.ts), which its hydration loads. An
 * icon the shell itself draws (the footer's mail icon) is part of the entry: no chunk of its own.
 */
const iconSources = (blocks: unknown) =>
  [...iconNamesIn(blocks)].flatMap((name) => {
    const source = icons.get(name)
    if (!source) throw new Error(`kit/icon-loaders.ts has no loader for the icon "${name}"`)
    return manifest[source] ? [source] : []
  })

const readAsset = (href: string) => fs.readFileSync(path.join(distDir, href), 'utf8')

/**
 * kit/lazy-icons.tsx as the manifest names it: its own source, or, when the blocks import it too,
 * the shared chunk Rolldown names after it ("_lazy-icons-<hash>.js").
 */
function lazyIconsSource() {
  const source = manifest['kit/lazy-icons.tsx'] ? 'kit/lazy-icons.tsx' : Object.keys(manifest).find((key) => key.startsWith('_lazy-icons-') && key.endsWith('.js'))
  if (!source) throw new Error('The build manifest has no chunk of kit/lazy-icons.tsx')
  return source
}

/** The shell's icons (kit/ShellIcon.tsx), which every page loads before it hydrates. */
const shellIconSources = [lazyIconsSource(), ...iconSources(shellIconNames(fullConfig.site).map((icon) => ({ icon })))]

/** A page's own SiteData as a JSON script the client entry reads (a "<" inside a string would end the element early). */
const siteDataTag = (blocks: Block[]) =>
  `<script type="application/json" id="${SITE_DATA_ELEMENT_ID}">${JSON.stringify(siteDataOf(fullConfig, blocks)).replace(/</g, '\\u003c')}</script>`

async function writePage(urlPath: string, file: string, blocks: Block[], jsonLd = '') {
  // The page's blocks are in its HTML (the router's dehydrated loader data), so its start-up
  // scripts are the entry, its block components, its icons and the shell's, not its page data.
  const pageModules = [...new Set(blocks.map((block) => block.type))].map(blockSource).concat(iconSources(blocks), shellIconSources)
  const { head, body } = splitHeadTags(await entry.render(urlPath, urlPath === NOT_FOUND_PATH ? 404 : 200))
  const pageAssets = assetsOf(manifest, pageModules)
  // The entry's own script and CSS are already in the template.
  const notInTemplate = (file: string) => !template.includes(`/${file}"`)
  const assets = { js: pageAssets.js.filter(notInTemplate), css: pageAssets.css.filter(notInTemplate) }
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const page = fillTemplate(template, jsonLd ? `${head}\n    ${jsonLd}` : head, blockAssetTags(assets), body).replace('</body>', () => `  ${siteDataTag(blocks)}\n  </body>`)
  const finished = startAfterFirstPaint(inlineStylesheets(page, readAsset), assets.js)
  fs.writeFileSync(file, finished)
  pagePolicies[urlPath === NOT_FOUND_PATH ? '/404.html' : urlPath] = pagePolicyOf(finished)
}

/** The theme's colours for the share image (scripts/lib/share-image.ts): the brand's darkest and filled shades, a pale accent. */
const shareColoursOf = ({ brand, accent }: ThemePalettes) => ({ dark: brand[9], light: brand[6], accent: accent[3] })

/** Per page (as the server names it: "/about", "/404.html"), what its Content-Security-Policy must allow. */
const pagePolicies: Record<string, PagePolicy> = {}
const NOT_FOUND_PATH = notFoundRenderPath

fs.mkdirSync(path.join(distDir, path.dirname(pageDataPath('/'))), { recursive: true })
for (const route of fullConfig.routes) {
  fs.writeFileSync(path.join(distDir, pageDataPath(route.path)), JSON.stringify(pageDataOf(fullConfig, route)))
  const file = path.join(distDir, route.path, 'index.html')
  const jsonLd = structuredDataTags(structuredData(fullConfig.site, route, fullConfig.routes))
  await writePage(route.path, file, route.blocks, jsonLd)
}
await writePage(NOT_FOUND_PATH, path.join(distDir, '404.html'), [])

// The server's forms: each declared form's fields, rules, messages and mail (server/forms/form-definitions.ts derives the rest).
fs.writeFileSync(path.join(distDir, BUILT_FORMS_FILE), JSON.stringify(fullConfig.forms ?? {}))
// The server's route table: canonical paths and the spellings that redirect to them.
const routeTable = fullConfig.routes.map(({ path, aliases }) => ({ path, aliases: aliases ?? [] }))
fs.writeFileSync(path.join(distDir, '.site-routes.json'), JSON.stringify(routeTable))
fs.writeFileSync(path.join(distDir, '.site-security.json'), JSON.stringify(pagePolicies, null, 2))
fs.writeFileSync(path.join(distDir, 'sitemap.xml'), sitemapXml(fullConfig.site.url, fullConfig.routes))
fs.writeFileSync(path.join(distDir, 'robots.txt'), robotsTxt(fullConfig.site.url))
const home = fullConfig.routes.find((route) => route.path === '/')
fs.writeFileSync(
  path.join(distDir, shareImageFile),
  shareImagePng({ name: fullConfig.site.name, tagline: home?.title ?? '', ...shareColoursOf(themePalettes(fullConfig.site.theme)) }),
)

const pagesOnly = process.env.SITE_PAGES_ONLY === '1'
const compressed = pagesOnly ? 0 : precompress(distDir)
// A site-only build elsewhere (SITE_OUT_DIR, e.g. the re-brand test) leaves the server alone.
if (!process.env.SITE_OUT_DIR && !pagesOnly) {
  await buildEditorClient()
  await buildServer()
  // For a deployment with nginx in front (docs/deploy.md): defaults an operator adjusts.
  fs.mkdirSync(nginxBuildDir, { recursive: true })
  fs.writeFileSync(path.join(nginxBuildDir, 'site.conf'), siteServerBlock(distDir, { upstreams: ['127.0.0.1:3000'], listen: 80, hsts: process.env.HSTS === '1', brotli: true }))
}
if (!pagesOnly) writeBuildStamp(hash)
const seconds = ((performance.now() - started) / 1000).toFixed(1)
const built = pagesOnly
  ? 'dist/ (pages only: not precompressed, no server)'
  : `dist/ (${compressed} files precompressed) and the server into build/server/ (nginx: build/nginx/site.conf)`
console.log(`Built ${fullConfig.routes.length} pages and the 404 page into ${built} in ${seconds} s.`)
