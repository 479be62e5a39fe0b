import type { Context, Middleware } from 'koa'
import type { BuiltSite, StaticFile } from './load-site.ts'

function send(ctx: Context, file: StaticFile, status = 200) {
  ctx.status = status
  if (file.policy) ctx.state.pagePolicy = file.policy
  ctx.type = file.type
  ctx.set('Vary', 'Accept-Encoding')
  ctx.set('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
  ctx.set('ETag', file.etag)
  if (status === 200 && ctx.fresh) {
    ctx.status = 304
    return
  }
  // Brotli whenever the browser takes it (smaller), whatever order it lists encodings in.
  if (file.br && ctx.acceptsEncodings('br') === 'br') {
    ctx.set('Content-Encoding', 'br')
    ctx.body = file.br
  } else if (file.gzip && ctx.acceptsEncodings('gzip') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip')
    ctx.body = file.gzip
  } else {
    ctx.body = file.body
  }
}

const READ_METHODS = 'GET, HEAD'

/**
 * Serves the prerendered site: pages and assets with 200, other spellings of a page with a 301
 * to its canonical path, anything else with the 404 page and status 404. A page or asset asked
 * for with another method is 405 (OPTIONS: 204), both with Allow: GET, HEAD.
 */
export function serveSite(site: BuiltSite): Middleware {
  return async (ctx, next) => {
    const requested = ctx.path
    const exact = site.files.get(requested)
    const trimmed = requested.length > 1 ? requested.replace(/\/+$/, '') : requested
    const canonical = site.canonical.get(trimmed.toLowerCase())
    const known = exact ?? (canonical ? site.files.get(canonical) : undefined)

    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      if (!known) return next()
      ctx.set('Allow', READ_METHODS)
      ctx.status = ctx.method === 'OPTIONS' ? 204 : 405
      return
    }
    if (exact) return send(ctx, exact)
    if (canonical && site.files.has(canonical)) {
      ctx.status = 301
      ctx.redirect(canonical + (ctx.querystring ? `?${ctx.querystring}` : ''))
      return
    }
    await next()
    if (ctx.status === 404 && ctx.body == null) send(ctx, site.notFound, 404)
  }
}
