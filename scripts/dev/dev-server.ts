/**
 * The dev server of `npm run dev` (scripts/dev/server.ts starts it): the site with live preview
 * and the form API on PORT (default 3000). Vite serves the runtime in middleware mode inside a Koa
 * app, with its hot-update socket on the same port. Saving site.config.json re-renders the open
 * page in place; an invalid config shows the same messages as `npm run validate` in an overlay.
 * `SITE_DIR=path/to/site` shows another site folder (its config and its public/,
 * scripts/lib/site-folder.ts); `SITE_CONFIG=path` (or `--config path`) another config file, e.g. a
 * copy to experiment with.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { parseArgs } from 'node:util'
import Koa from 'koa'
import { createServer, type ViteDevServer } from 'vite'
import { displayPath, startingFolder } from '../../authoring/config/config-file.ts'
import { root } from '../lib/paths.ts'
import { chosenSite, pinSite } from '../lib/site-folder.ts'
import { configChecker, settledCheck, siteConfigCheck, type DevConfig } from '../lib/vite-config-check.ts'
import pretty from 'pino-pretty'
import { createApp } from '../../server/compose/app.ts'
import { readServerConfigOrExit } from '../../server/settings/config.ts'
import { declaredForms } from '../../authoring/config/declared-forms.ts'
import { createFormsService } from '../../server/compose/forms-service.ts'
import { createLogger } from '../../ground/log.ts'
import { brokenConfigPage } from './overlay-page.ts'

/** What the dev server gives a plugin: the config file it shows, and Vite (which turns a plugin's HTML pages into dev pages). */
interface DevPluginContext {
  config: DevConfig
  vite: ViteDevServer
}

/** A part of the dev server a plugin adds: its middleware answers `path` and everything under it, before Vite and the pages. */
interface DevMount {
  path: string
  middleware: Koa.Middleware
}

/**
 * A plugin of the dev server (the visual editor is one): the command that starts the server
 * hands them in, so the dev server knows their addresses and nothing else about them.
 */
export type DevPlugin = (context: DevPluginContext) => DevMount[]

/** Starts the dev server with the plugins' mounts; exits the process when it cannot start. */
export async function runDevServer(plugins: DevPlugin[]): Promise<void> {
  if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'))
  const config = readServerConfigOrExit(process.env)
  // The same JSON lines as production, printed readably for a person at a terminal.
  const log = createLogger({ level: config.logLevel, destination: pretty({ colorize: process.stdout.isTTY, ignore: 'time' }) })
  for (const notice of config.notices) log.warn(notice)

  const { values: flags } = parseArgs({ options: { config: { type: 'string' }, port: { type: 'string' } } })
  const site = chosenSite(flags.config)
  const configFile = site.configFile
  if (!fs.existsSync(configFile)) {
    console.error(`Cannot start: ${configFile} does not exist.`)
    process.exit(2)
  }
  // vite.config.ts (the site's public/ and the runtime's config modules) reads the site from here.
  pinSite(site)
  const devConfig: DevConfig = { file: configFile, label: displayPath(startingFolder(), configFile), publicDir: site.publicDir }
  const checkConfig = configChecker(devConfig)

  // The request handler is attached once the middleware is in place (app.callback() freezes it).
  const httpServer = http.createServer()
  const vite = await createServer({
    root,
    appType: 'custom',
    // The hot-update socket shares the page's port, so several dev servers can run side by side.
    server: { middlewareMode: true, hmr: { server: httpServer }, fs: { allow: [root, path.dirname(configFile)] } },
    plugins: [siteConfigCheck(devConfig, checkConfig)],
  })
  // A config outside the project is watched from the start, so a fix is seen even if it never loaded;
  // a public/ outside it too, so a picture saved there is served without a restart.
  vite.watcher.add([configFile, site.publicDir])
  // The forms as the config declares them when the server starts; a form added or changed later needs a restart of `npm run dev`.
  const forms = createFormsService({ ...config.forms, redisUrl: config.redisUrl, forms: declaredForms(configFile), log })

  // Vite first: modules, assets, public/ files, hot updates. What it leaves is a page request.
  const viteAssets: Koa.Middleware = (ctx, next) =>
    new Promise<void>((resolve, reject) => {
      vite.middlewares(ctx.req, ctx.res, (error?: unknown) => (error ? reject(error) : resolve(next())))
    })
  const devPage: Koa.Middleware = async (ctx) => {
    // Only a browser asking for a page gets the app; a missing module or image stays a 404.
    if (ctx.method !== 'GET' || !ctx.get('accept').includes('text/html')) return
    let page = fs.readFileSync(path.join(root, 'index.html'), 'utf8').replace('<!--head-->', '').replace('<!--app-->', '')
    // The page renders in the browser in dev. With a broken config it shows the checker's messages
    // instead of a blank page, and reloads by itself once the file is fixed.
    const { report } = await settledCheck(configFile, checkConfig)
    if (report) page = brokenConfigPage(page, report)
    ctx.type = 'html'
    ctx.state.developmentPage = true
    ctx.set('Cache-Control', 'no-store')
    ctx.body = await vite.transformIndexHtml(ctx.url, page)
  }
  // The production app (request ids, error boundary, headers, probes, form API) with Vite's pages.
  // First the plugins' mounts (the visual editor at /_editor), then Vite's modules and pages.
  const mounts = plugins.flatMap((plugin) => plugin({ config: devConfig, vite }))
  const mounted: Koa.Middleware = (ctx, next) => {
    const mount = mounts.find(({ path: base }) => ctx.path === base || ctx.path.startsWith(`${base}/`))
    return mount ? mount.middleware(ctx, next) : next()
  }
  const app = createApp({ log, forms, pages: (ctx, next) => mounted(ctx, () => viteAssets(ctx, () => devPage(ctx, next))) })

  const port = flags.port ? Number(flags.port) : config.port
  httpServer.on('request', app.callback())
  httpServer.on('error', (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Cannot start: port ${port} is in use (another \`npm run dev\` or \`npm start\`?). Stop it, or choose another port: PORT=3001 npm run dev`
        : error.message,
    )
    process.exit(1)
  })
  // This machine only (the visual editor writes files): HOST=0.0.0.0 opens it to the network on purpose.
  httpServer.listen(port, config.host ?? '127.0.0.1', () => {
    log.info(`showing ${devConfig.label} on http://localhost:${port} — save the file and the page updates`)
    forms.start()
  })
}
