import type Koa from 'koa'
import type { DraftStore, TeamDraft } from '../../../publish/draft-store.ts'
import { PreviewNotBuilt } from '../../../publish/preview-builds.ts'
import { normalizePath } from '../../../site/addresses.ts'
import type { PagePolicy } from '../../../site/built-site-files.ts'
import { openPreview, PREVIEW_BASE } from './preview-links.ts'

/** What a preview needs of a built site as the server reads it (server/static/load-site.ts's BuiltSite). */
interface BuiltPages {
  /** Address → file: a page's address ("/about") → its index.html. */
  files: Map<string, { body: Buffer; type: string; policy?: PagePolicy | undefined }>
  /** Any spelling of a page → its address. */
  canonical: Map<string, string>
}

export interface PreviewSiteOptions {
  store: DraftStore
  /**
   * The draft's site as publishing it would build it (built once per revision, in the content
   * build's own process, so the event loop stays free). Rejects with a PreviewNotBuilt when the
   * draft does not pass the check, as a publish of it would be refused.
   */
  siteOf(draft: TeamDraft): Promise<BuiltPages>
  now?: () => number
}

/** Never kept by a browser, a proxy, nginx or a CDN: the link may be revoked a minute later, and the draft change any second. */
const PRIVATE_HEADERS = { 'Cache-Control': 'no-store, private', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' }

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The page with what tells a person and a search engine it is a preview: a banner at the top, and noindex. */
function markedAsPreview(html: string, draft: TeamDraft, expiresAt: string): string {
  const robots = '<meta name="robots" content="noindex, nofollow">'
  const banner =
    `<div role="note" data-preview-banner style="position:sticky;top:0;z-index:2147483647;padding:8px 16px;background:#fff3bf;color:#000;font:16px/1.4 system-ui,sans-serif;border-bottom:2px solid #e8590c">` +
    `Preview of the draft “${escapeHtml(draft.name)}”, not published. This link works until ${escapeHtml(expiresAt.slice(0, 10))}.</div>`
  const withRobots = /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + robots) : robots + html
  return /<body[^>]*>/i.test(withRobots) ? withRobots.replace(/<body[^>]*>/i, (body) => body + banner) : banner + withRobots
}

function refuse(ctx: Koa.Context, status: number, message: string) {
  ctx.status = status
  ctx.type = 'text/html; charset=utf-8'
  ctx.body = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="robots" content="noindex"><title>Preview not available</title><p>${escapeHtml(message)}</p></html>`
}

/**
 * The public side of preview links, under /_preview/<token>/<page address>: the draft's pages as
 * publishing it would build them, to anyone with a valid link and without an account. Read-only
 * (GET and HEAD), marked as a preview, never indexed nor cached. The page's scripts and styles are
 * the code build's, which the live site serves at the same addresses; its links lead to the live site.
 */
export function previewSite({ store, siteOf, now = Date.now }: PreviewSiteOptions): Koa.Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(PREVIEW_BASE)) return next()
    // Kept over the security headers' set (a token in the address must not leave in a Referer).
    ctx.state.ownHeaders = PRIVATE_HEADERS
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD')
      return refuse(ctx, 405, 'A preview link can only be read.')
    }
    const [token = '', ...page] = ctx.path.slice(PREVIEW_BASE.length).split('/')
    const opened = await openPreview(store, token, now())
    if ('refused' in opened) return refuse(ctx, opened.status, opened.refused)
    let site: BuiltPages
    try {
      site = await siteOf(opened.draft)
    } catch (error) {
      if (!(error instanceof PreviewNotBuilt)) throw error
      return refuse(ctx, 409, error.message)
    }
    // A Map lookup of the normalised address: a `..` or an encoded slash names no page, never a file outside the draft's site.
    const address = normalizePath(`/${page.join('/')}`)
    const file = site.files.get(site.canonical.get(address) ?? address)
    if (!file || !file.type.startsWith('text/html')) return refuse(ctx, 404, 'The draft has no page at this address. Its home page is at the link as it was sent.')
    if (file.policy) ctx.state.pagePolicy = file.policy
    ctx.type = file.type
    ctx.body = markedAsPreview(file.body.toString('utf8'), opened.draft, opened.link.expiresAt)
  }
}
