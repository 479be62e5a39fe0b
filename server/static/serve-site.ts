import type { Context, Middleware } from 'koa'
import type { BuiltSite, StaticFile } from './load-site.ts'
import type { SiteHolder } from './site-holder.ts'
import { normalizePath } from '../../site/addresses.ts'

/**
 * The encoding to send for an Accept-Encoding header: brotli whenever the browser takes it
 * (smaller), whatever order it lists encodings in, else gzip, else none. Browsers send a handful
 * of distinct headers, so Koa's negotiation runs once per distinct header, not per request.
 */
const encodingFor = new Map<string, 'br' | 'gzip' | undefined>()
function preferredEncoding(ctx: Context): 'br' | 'gzip' | undefined {
  const header = ctx.get('accept-encoding')
  if (encodingFor.has(header)) return encodingFor.get(header)
  const chosen = ctx.acceptsEncodings('br') === 'br' ? 'br' : ctx.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : undefined
  if (encodingFor.size > 200) encodingFor.clear() // a client sending odd headers cannot grow it without end
  encodingFor.set(header, chosen)
  return chosen
}

function send(ctx: Context, file: StaticFile, status = 200) {
  ctx.status = status
  if (file.policy) ctx.state.pagePolicy = file.policy
  ctx.set('Content-Type', file.type) // already a full type: no lookup through ctx.type
  ctx.set('Vary', 'Accept-Encoding')
  ctx.set('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
  ctx.set('ETag', file.etag)
  if (status === 200 && ctx.fresh) {
    ctx.status = 304
    return
  }
  const encoding = preferredEncoding(ctx)
  if (file.br && encoding === 'br') {
    ctx.set('Content-Encoding', 'br')
    ctx.body = file.br
  } else if (file.gzip && (encoding === 'gzip' || (encoding === 'br' && ctx.acceptsEncodings('gzip') === 'gzip'))) {
    ctx.set('Content-Encoding', 'gzip')
    ctx.body = file.gzip
  } else {
    ctx.body = file.body
  }
}

const READ_METHODS = 'GET, HEAD'

/** The 404 page in the language an address is under (/bn/…, any letter case), else the default language's. */
function notFoundFor(site: BuiltSite, requested: string): StaticFile {
  const prefix = `/${requested.split('/')[1] ?? ''}`.toLowerCase()
  return site.notFoundIn.get(prefix) ?? site.notFound
}

/**
 * Serves the prerendered site: pages and assets with 200, other spellings of a page with a 301
 * to its canonical path, anything else with the 404 page and status 404 (in a site of several
 * languages, the 404 page of the language whose prefix the address starts with). A page or asset asked
 * for with another method is 405 (OPTIONS: 204), both with Allow: GET, HEAD.
 */
export function serveSite(holder: Pick<SiteHolder, 'current'>): Middleware {
  return async (ctx, next) => {
    // Once per request: a switch to a newly published site while this one is answered does not change it.
    const site = holder.current
    const requested = ctx.path
    const exact = site.files.get(requested)
    const canonical = site.canonical.get(normalizePath(requested))
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
    if (ctx.status === 404 && ctx.body == null) send(ctx, notFoundFor(site, requested), 404)
  }
}
