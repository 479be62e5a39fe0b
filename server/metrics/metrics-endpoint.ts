import { createHash, timingSafeEqual } from 'node:crypto'
import { isIP } from 'node:net'
import type { Context, Middleware } from 'koa'
import type { AppMetrics } from './app-metrics.ts'
import { METRICS_PATH } from './request-route.ts'

/** Headers a proxy adds: their presence means the loopback address is the proxy's, not the scraper's. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip']

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack socket reports ::ffff:127.0.0.1). */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address
  return (isIP(plain) === 4 && plain.startsWith('127.')) || plain === '::1'
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/** The scraper's bearer token, compared in constant time (digests of equal length, so no length leaks either). */
function hasToken(ctx: Context, token: string | undefined): boolean {
  if (!token) return false
  const match = /^Bearer +(\S+) *$/i.exec(ctx.get('authorization'))
  return Boolean(match?.[1]) && timingSafeEqual(digest(match![1]!), digest(token))
}

/**
 * Only the socket's own address counts, never X-Forwarded-For (anyone can write that header), and
 * a request that came through a proxy is not local even though the proxy connects from loopback:
 * behind nginx every request does. nginx answers /metrics itself with 404 for the same reason.
 */
function mayRead(ctx: Context, token: string | undefined): boolean {
  if (hasToken(ctx, token)) return true
  return isLoopback(ctx.req.socket.remoteAddress) && !PROXY_HEADERS.some((name) => ctx.get(name))
}

/**
 * GET /metrics in Prometheus' text format, for a scraper on this machine or one sending the
 * METRICS_TOKEN. Anyone else is passed on as if the address did not exist (the site's 404 page),
 * so a visitor cannot even learn that it does.
 */
export function metricsEndpoint(metrics: AppMetrics, token: string | undefined): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== METRICS_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || !mayRead(ctx, token)) return next()
    ctx.set('Cache-Control', 'no-store')
    ctx.type = metrics.contentType
    ctx.body = await metrics.render()
  }
}
