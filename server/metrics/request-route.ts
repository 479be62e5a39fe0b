import type { Context } from 'koa'
import { formEndpoint } from '../../site/form-payload.ts'
import { OPENAPI_PATH } from '../openapi/openapi-endpoint.ts'

export const METRICS_PATH = '/metrics'

/** The addresses with a label of their own: the form endpoints, the API description, the probes and this. */
const namedRoutes = (formNames: readonly string[]) => new Set<string>([...formNames.map(formEndpoint), OPENAPI_PATH, '/health', '/ready', METRICS_PATH])

export const isFormRoute = (route: string) => route.startsWith('/api/') && route !== OPENAPI_PATH

/**
 * The route label of a finished request, from a fixed set: a named route, "page", "asset" or
 * "other". Never the raw path: every distinct label value is a time series Prometheus keeps, so a
 * scanner trying ten thousand paths must not make ten thousand of them.
 */
export function routeLabeller(formNames: readonly string[]): (ctx: Context) => string {
  const named = namedRoutes(formNames)
  return (ctx) => routeLabel(ctx, named)
}

function routeLabel(ctx: Context, named: ReadonlySet<string>): string {
  // @koa/router's matched pattern: the same route for /api/contact and /api/contact/.
  const matched: unknown = (ctx as { _matchedRoute?: unknown })._matchedRoute
  if (typeof matched === 'string' && named.has(matched)) return matched
  if (named.has(ctx.path)) return ctx.path
  if (ctx.path.startsWith('/api/') || ctx.status >= 400) return 'other'
  // A page, or a redirect from another spelling of one (the site redirects nothing else).
  if (ctx.status >= 300 || ctx.response.is('html')) return 'page'
  return 'asset'
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** Node's parser accepts some thirty methods; the rare ones share one label. */
export const methodLabel = (method: string) => (METHODS.has(method) ? method : 'other')
