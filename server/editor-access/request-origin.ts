import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Context } from 'koa'

/**
 * Whether a request that changes something comes from the site's own pages: its Origin is this
 * site's origin (as the app sees it, through the trusted proxy's X-Forwarded-Proto and Host), or,
 * from an older browser that sends none, its Referer's. Neither: refused, since a request that
 * names no origin cannot show it is not forged.
 */
export function fromOwnOrigin(ctx: Context): boolean {
  // Not ctx.origin: since Koa 3 that is the request's own Origin header, which proves nothing.
  const own = `${ctx.protocol}://${ctx.host}`
  const origin = ctx.get('Origin')
  if (origin) return origin === own
  const referer = ctx.get('Referer')
  if (!referer) return false
  try {
    return new URL(referer).origin === own
  } catch {
    return false
  }
}

/**
 * A CSRF token bound to one secret the browser holds in an HttpOnly cookie (the session id, or the
 * sign-in page's own cookie) and signed with the server's key: another site can neither read the
 * cookie nor, having planted one of its own, sign a token for it.
 */
export const tokenFor = (key: Buffer, purpose: 'session' | 'sign-in', cookieValue: string) => createHmac('sha256', key).update(`${purpose}\0${cookieValue}`).digest('base64url')

/** Constant time, so the answer's timing tells nothing of how much of a guess was right. */
export function tokensMatch(given: string | undefined, expected: string): boolean {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
