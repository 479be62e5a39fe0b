/**
 * `npm run dev`: the site with live reload and the form API on PORT (default 3000). Vite serves the
 * runtime in middleware mode inside the same Koa app as production; saving site.config.json
 * reloads the open page, and an invalid config shows the checker's messages in an overlay.
 */
import fs from 'node:fs'
import path from 'node:path'
import Koa from 'koa'
import { createServer } from 'vite'
import { root } from '../scripts/lib/paths.ts'
import { siteConfigCheck } from '../scripts/lib/vite-config-check.ts'
import { createFormsServiceFromEnv } from './forms/fromEnv.ts'

const log = (message: string) => console.log(`[dev] ${message}`)
if (fs.existsSync('.env')) process.loadEnvFile('.env')

const vite = await createServer({ root, appType: 'custom', server: { middlewareMode: true }, plugins: [siteConfigCheck()] })
const forms = createFormsServiceFromEnv(process.env, log)
const app = new Koa()

app.use(async (ctx, next) => {
  if (ctx.path !== '/health') return next()
  ctx.body = { status: 'ok', mode: 'dev', ...(await forms.health()) }
})
app.use(forms.middleware)
// Vite first: modules, assets, HMR. What it leaves is a page request.
app.use((ctx, next) => new Promise<void>((resolve, reject) => {
  vite.middlewares(ctx.req, ctx.res, (error?: unknown) => (error ? reject(error) : resolve(next())))
}))
app.use(async (ctx) => {
  if (ctx.method !== 'GET' || !ctx.accepts('html')) return
  const template = fs.readFileSync(path.join(root, 'index.html'), 'utf8').replace('<!--head-->', '').replace('<!--app-->', '')
  // The page renders in the browser in dev, so a broken config shows an overlay, not a blank page.
  ctx.type = 'html'
  ctx.body = await vite.transformIndexHtml(ctx.url, template)
})

const port = Number(process.env.PORT ?? 3000)
app.listen(port, () => {
  log(`site with live reload on http://localhost:${port} (edit site.config.json and save)`)
  forms.start()
})
