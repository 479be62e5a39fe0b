import type { Middleware } from 'koa'

/** Conservative headers for a static marketing site that embeds a map and links out. */
export const securityHeaders: Middleware = async (ctx, next) => {
  ctx.set('X-Content-Type-Options', 'nosniff')
  ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  ctx.set('X-Frame-Options', 'SAMEORIGIN')
  await next()
}
