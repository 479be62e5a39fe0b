/**
 * The content build kept running beside a publishing server (compiled into
 * build/server/content-build-service.js): the server forks it once, with an IPC channel, as
 * `content-build-service.js --code <site folder> --render <render folder>`. It loads the code
 * build's prerender bundle and renders the deployed site's home and 404 pages to warm up, says it
 * is ready, then builds each config it is sent, one at a time, onto the version named
 * (build-content.ts). A publish then pays for the pages it changed, not for starting Node, loading
 * the bundle and rendering every page. It leaves when the server that forked it goes away.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { withSchemaDefaults } from '../authoring/config/config-defaults.ts'
import { isOutOfSpace } from '../ground/durable-files.ts'
import { builtSiteFiles } from '../site/built-site-files.ts'
import type { SiteConfig } from '../site/generated/site-config.ts'
import { notFoundRenderPath } from '../site/reserved-addresses.ts'
import { pageDataOf, siteDataOf } from '../site/site-data.ts'
import { buildContent, type ContentBuildProgress } from './build-content.ts'
import type { BuildReply, BuildRequest } from './build-service-messages.ts'
import { readCodeBuild } from './code-build-files.ts'
import type { PrerenderEntry } from './page-writer.ts'

const { values } = parseArgs({ options: { code: { type: 'string' }, render: { type: 'string' } } })
if (!values.code || !values.render || !process.send) {
  console.error('Started by the publishing server only: content-build-service.js --code <site folder> --render <render folder>, with an IPC channel.')
  process.exit(2)
}
const codeDir = path.resolve(values.code)
const renderDir = path.resolve(values.render)
const reply = (message: BuildReply) => process.send!(message)
process.on('disconnect', () => process.exit(0))

/** The first render of a process compiles the bundle's code; done here, before any publish waits for it. */
async function warmUp(): Promise<void> {
  const config = withSchemaDefaults(JSON.parse(fs.readFileSync(path.join(codeDir, builtSiteFiles.configText), 'utf8')) as SiteConfig)
  const entry = (await import(pathToFileURL(readCodeBuild(renderDir).prerender).href)) as PrerenderEntry
  await entry.startPrerender(siteDataOf(config, 'all'), async (urlPath) =>
    pageDataOf(
      config,
      config.routes.find((route) => route.path === urlPath)!,
    ),
  )
  await entry.render('/')
  await entry.render(notFoundRenderPath, 404)
}

async function build({ id, configText, outDir, onto, pictureDirs, pictureCacheDir }: BuildRequest): Promise<BuildReply> {
  try {
    const config = withSchemaDefaults(JSON.parse(configText) as SiteConfig)
    const onProgress = (progress: ContentBuildProgress) => reply({ type: 'progress', id, progress })
    const { pages, rendered } = await buildContent({ config, configText, renderDir, codeDir, outDir, pictureDirs, pictureCacheDir, ...(onto ? { onto } : {}), onProgress })
    return { type: 'built', id, pages, rendered }
  } catch (error) {
    return { type: 'failed', id, message: error instanceof Error ? (error.stack ?? error.message) : String(error), outOfSpace: isOutOfSpace(error) }
  }
}

// A warm-up that fails (a deployed config the bundle cannot render) leaves each build to say why.
const warm = warmUp().catch((error: unknown) => console.error(`The content build's warm-up failed: ${String(error)}`))
// Builds sent during the warm-up wait for it; then one at a time: the prerender bundle holds one site's state.
let queue = warm
process.on('message', (request: BuildRequest) => {
  queue = queue.then(async () => reply(await build(request)))
})
await warm
reply({ type: 'ready' })
