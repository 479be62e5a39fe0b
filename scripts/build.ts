/**
 * `npm run build [-- path/to/config.json] [--debug]` (`SITE_DIR=path/to/site npm run build` builds
 * another site folder, scripts/lib/site-folder.ts): first the checker of `npm run validate` on the
 * config it is about to build, which stops the build on any problem; then
 * - the code build: the Vite client build into dist/ (scripts, styles, the site's public/ and
 *   nothing else of it), precompressed; the self-contained prerender bundle and what the content
 *   build needs of the client build into build/render/ (content/code-build-files.ts); the editor's
 *   pages; the server and its commands compiled into build/server/ (scripts/lib/build-server.ts);
 * - the content build (content/build-content.ts), the step the production server repeats to
 *   publish: every route rendered to dist/<path>/index.html (the 404 page to dist/404.html), the
 *   pages' data, route table, policies, sitemap, robots.txt and share image.
 *
 * `SITE_PAGES_ONLY=1 npm run build` builds dist/ without its precompressed copies, the server, the
 * nginx conf or the build stamp: enough to look at the pages (npm run preview:diff builds two
 * throwaway copies this way), not to deploy. No stamp, so `npm start` does not take it for a full build.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'vite'
import { sourceHash, writeBuildStamp } from './lib/build-stamp.ts'
import { buildServer } from './lib/build-server.ts'
import { buildEditorClient } from './lib/build-editor.ts'
import { siteServerBlock } from './lib/site-nginx.ts'
import { iconModules } from './lib/icon-chunks.ts'
import { distDir, nginxBuildDir, renderBuildDir, root } from './lib/paths.ts'
import { checkedSiteOrExit } from './lib/build-config.ts'
import { buildContent, builtPagesPhrase, resizedPhrase } from '../content/build-content.ts'
import { filesUnder, writeCodeBuild } from '../content/code-build-files.ts'
import { brotliQuality, precompressFiles } from '../content/compress.ts'
import { readManifest } from '../content/manifest.ts'
import { configFileDay } from '../content/page-dates.ts'
import { withSchemaDefaults } from '../authoring/config/config-defaults.ts'

const started = performance.now()
const { configText, configFile } = checkedSiteOrExit(process.argv.slice(2))
const pagesOnly = process.env.SITE_PAGES_ONLY === '1'
// A site built elsewhere (SITE_OUT_DIR: two browser tests, each into its own temporary "dist") gets
// a render folder named by its whole path, so two builds at once never write into each other's.
const renderDir = process.env.SITE_OUT_DIR
  ? path.join(root, 'node_modules', '.cache', `site-render-${createHash('sha256').update(distDir).digest('hex').slice(0, 12)}`)
  : renderBuildDir
const hash = sourceHash()

// `npm run build -- --debug` keeps React's development build, whose hydration errors name the difference.
const debug = process.argv.includes('--debug')
const mode = debug ? 'development' : 'production'
// Vite takes the build's development flag (import.meta.env.DEV) from NODE_ENV: a build run under a
// test runner (NODE_ENV=test) would keep the dev server's branches, which import modules only it has.
process.env.NODE_ENV = debug ? 'development' : 'production'

// The code build.
await build({ root, mode, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true, minify: !debug } })
const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')
// index.html is the template, not a page: the content build writes the home page there.
const builtCode = filesUnder(distDir).filter((file) => file !== 'index.html' && !file.startsWith('.vite/'))
const codeFiles = pagesOnly ? builtCode : [...builtCode, ...(await precompressFiles(distDir, builtCode, brotliQuality.code))]
// Self-contained (every package bundled in): the content build runs it on a production install, without the development packages React and the blocks come from.
await build({
  root,
  mode,
  logLevel: 'warn',
  ssr: { noExternal: true },
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
  build: { ssr: 'runtime/entry-server.tsx', outDir: renderDir, emptyOutDir: true, minify: false },
})
writeCodeBuild(renderDir, { template, manifest: readManifest(distDir), iconModules: iconModules(), codeFiles })
// A site-only build elsewhere (SITE_OUT_DIR, e.g. the re-brand test) leaves the server alone.
if (!process.env.SITE_OUT_DIR && !pagesOnly) {
  await buildEditorClient()
  await buildServer()
}

// The content build, as the production server runs it to publish.
const config = withSchemaDefaults(JSON.parse(configText))
const contentStarted = performance.now()
// dist/ was emptied above, so no page keeps an earlier day: each has the config file's (its last commit's).
const contentBuilt = await buildContent({ config, configText, renderDir, codeDir: distDir, outDir: distDir, precompress: !pagesOnly, changedOn: configFileDay(configFile) })
const contentSeconds = ((performance.now() - contentStarted) / 1000).toFixed(1)

if (!process.env.SITE_OUT_DIR && !pagesOnly) {
  // For a deployment with nginx in front (docs/deploy.md): defaults an operator adjusts.
  fs.mkdirSync(nginxBuildDir, { recursive: true })
  const nginxDefaults = { upstreams: ['127.0.0.1:3000'], listen: 80, hsts: process.env.HSTS === '1', brotli: true }
  fs.writeFileSync(path.join(nginxBuildDir, 'site.conf'), siteServerBlock(distDir, nginxDefaults))
  // With the editor on (EDITOR=on), pages come from Node, which serves each version as it is published.
  fs.writeFileSync(path.join(nginxBuildDir, 'site-published.conf'), siteServerBlock(distDir, { ...nginxDefaults, pages: 'node' }))
}
if (!pagesOnly) writeBuildStamp(hash)
const seconds = ((performance.now() - started) / 1000).toFixed(1)
const built = pagesOnly
  ? 'dist/ (pages only: not precompressed, no server)'
  : `dist/ (${codeFiles.length + contentBuilt.files.length} files with their compressed copies) and the server into build/server/ (nginx: build/nginx/site.conf, site-published.conf)`
console.log(`Built ${builtPagesPhrase(contentBuilt)} into ${built} in ${seconds} s (the content build: ${contentSeconds} s).${resizedPhrase(contentBuilt.pictures)}`)
