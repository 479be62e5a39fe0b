import Koa from 'koa'
import { loadBuiltSite, type BuiltSite } from './static/load-site.ts'
import { serveSite } from './static/serve-site.ts'
import { securityHeaders } from './security-headers.ts'
import { isClientGone } from './clientGone.ts'

/** The part of the forms service the web app needs; see server/forms/. */
export interface FormsEndpoints {
  middleware: Koa.Middleware
  health(): Promise<Record<string, unknown>>
}

export interface AppOptions {
  /** Folder of the built site; ignored when `site` is given. */
  distDir?: string
  site?: BuiltSite
  forms?: FormsEndpoints
  log?: (message: string) => void
}

/** The whole server as a Koa app, so tests drive it through `app.callback()` without a port. */
export function createApp({ distDir = 'dist', site = loadBuiltSite(distDir), forms, log = console.log }: AppOptions = {}): Koa {
  const app = new Koa()
  const startedAt = Date.now()
  app.proxy = process.env.TRUST_PROXY === '1'

  // Koa reports here what happens after the pipeline, e.g. a socket that broke mid-answer.
  app.on('error', (error: Error, ctx?: Koa.Context) => {
    if (isClientGone(error, ctx?.req)) log(`client went away during ${ctx ? `${ctx.method} ${ctx.path}` : 'a request'}`)
    else log(`error on ${ctx ? `${ctx.method} ${ctx.path}` : 'the server'}: ${error.stack ?? String(error)}`)
  })
  app.use(async (ctx, next) => {
    try {
      await next()
    } catch (error) {
      // Never leak a stack trace to a visitor; the log keeps it.
      log(`error on ${ctx.method} ${ctx.path}: ${(error as Error).stack ?? error}`)
      ctx.status = 500
      ctx.body = ctx.path.startsWith('/api/')
        ? { success: false, message: 'Something went wrong on our side. Please try again or contact us directly.', error: 'internal_error' }
        : 'Internal Server Error'
    }
  })
  app.use(securityHeaders({ hsts: process.env.HSTS === '1' }))
  app.use(async (ctx, next) => {
    if (ctx.path !== '/health' || ctx.method !== 'GET') return next()
    ctx.set('Cache-Control', 'no-store')
    ctx.body = { status: 'ok', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000), ...(forms ? await forms.health() : {}) }
  })
  if (forms) app.use(forms.middleware)
  app.use(serveSite(site))
  return app
}
