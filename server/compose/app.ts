import Koa from 'koa'
import { apiRouter } from './api-router.ts'
import { isClientGone } from '../http/client-gone.ts'
import type { EditorAccess } from '../editor-access/editor-access.ts'
import type { FormsService } from './forms-service.ts'
import type { Logger } from '../../ground/log.ts'
import { createAppMetrics } from '../metrics/app-metrics.ts'
import { metricsEndpoint } from '../metrics/metrics-endpoint.ts'
import { openApiRoutes } from '../openapi/openapi-endpoint.ts'
import { probes } from '../http/probes.ts'
import { requestLog } from '../http/request-log.ts'
import { securityHeaders } from '../http/security-headers.ts'
import { serveSite } from '../static/serve-site.ts'
import { siteHolder, type SiteHolder } from '../static/site-holder.ts'

/** The part of the forms service the web app needs; see server/compose/forms-service.ts. */
export type FormsEndpoints = Pick<FormsService, 'routes' | 'health' | 'readiness'> & Partial<Pick<FormsService, 'onDeliveryAttempt' | 'definitions'>>

export interface AppOptions {
  log: Logger
  /** Folder of the built site, served by serveSite; ignored when `pages` or `site` is given. */
  distDir?: string
  /** The site served, which publishing switches (EDITOR=on); read from distDir when not given. */
  site?: SiteHolder
  /** What answers page requests instead of the built site: the dev server's Vite middleware. */
  pages?: Koa.Middleware
  forms?: FormsEndpoints
  /** Strict-Transport-Security on every answer (HSTS=1). */
  hsts?: boolean
  /**
   * How many proxies stand in front (TRUST_PROXY; 1 behind nginx). A proxy appends the address it
   * saw to X-Forwarded-For, so only the last this many entries were written by proxies we run; the
   * entries before them are whatever the client sent and must not choose the visitor's address.
   */
  trustProxy?: number
  /** METRICS_TOKEN: a scraper sending it as its bearer token may read /metrics from anywhere, not only from this machine. */
  metricsToken?: string | undefined
  /** EDITOR=on: everything under /_editor goes through the editor's sign-in (server/editor-access/); unset, /_editor is an unknown address. */
  editor?: Pick<EditorAccess, 'routes'> | undefined
  /** EDITOR=on: drafts' preview links under /_preview/, for anyone with a valid link (editor/server/drafts/preview-site.ts). */
  preview?: Koa.Middleware | undefined
}

const INTERNAL_ERROR = {
  success: false,
  message: 'Something went wrong on our side. Please try again or contact us directly.',
  error: 'internal_error',
}

/**
 * The whole server as one Koa pipeline, so tests drive it through `app.callback()` without a
 * port and the dev server is this same app with Vite in place of the built pages:
 *   request id + access log → metrics → error boundary → security headers → /health, /ready,
 *   /metrics → drafts' preview links and the editor's sign-in (EDITOR=on) → the /api/ router (the OpenAPI description, the forms) → pages
 */
export function createApp({ log, distDir = 'dist', site, pages, forms, hsts = false, trustProxy = 0, metricsToken, editor, preview }: AppOptions): Koa {
  const app = new Koa()
  app.proxy = trustProxy > 0
  app.maxIpsCount = trustProxy

  // Koa reports here what happens after the pipeline, e.g. a socket that broke mid-answer.
  app.on('error', (error: Error, ctx?: Koa.Context) => {
    if (isClientGone(error, ctx?.req)) log.info({ path: ctx?.path }, 'the client went away during the answer')
    else log.error({ err: error, path: ctx?.path }, 'error after the answer began')
  })
  app.use(requestLog(log))
  // Outside the error boundary, so an answer it turns into a 500 is counted as one.
  const definitions = [...(forms?.definitions?.values() ?? [])]
  const metrics = createAppMetrics(
    forms,
    definitions.map((form) => form.name),
  )
  app.use(metrics.middleware)
  app.use(async (ctx, next) => {
    try {
      await next()
    } catch (error) {
      // Never leak a stack trace to a visitor; the log keeps it, with the request id.
      log.error({ err: error, method: ctx.method, path: ctx.path }, 'internal error answered 500')
      ctx.status = 500
      ctx.body = ctx.path.startsWith('/api/') ? INTERNAL_ERROR : 'Internal Server Error'
    }
  })
  app.use(securityHeaders({ hsts }))
  app.use(probes(forms))
  app.use(metricsEndpoint(metrics, metricsToken))
  if (preview) app.use(preview)
  if (editor) app.use(editor.routes)
  app.use(
    apiRouter(
      [openApiRoutes(definitions), ...(forms ? [forms.routes] : [])],
      definitions.map((form) => form.path),
    ),
  )
  app.use(pages ?? serveSite(site ?? siteHolder(distDir)))
  return app
}
