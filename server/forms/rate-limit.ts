import type { Redis } from 'ioredis'
import type { Middleware } from 'koa'
import ratelimit from 'koa-ratelimit'
import { answers } from './answers.ts'
import type { FormName } from '../../site/generated/forms.ts'

const ONE_MINUTE_MS = 60_000
/** Past this many remembered addresses, forget the expired ones (koa-ratelimit's memory store never does). */
const SWEEP_ABOVE_ENTRIES = 10_000

/**
 * At most `perMinute` submissions per client address and form, in memory (one server process),
 * or in Redis when `redis` is given (shared by every instance; see server/queue/redis-rate-limit.ts).
 * Behind a reverse proxy the app must set `app.proxy = true` so ctx.ip is the visitor's address.
 */
export function createRateLimit(form: FormName, perMinute: number, redis?: Redis): Middleware {
  const db = new Map<string, { reset: number }>()
  const limiter = ratelimit({
    ...(redis ? { driver: 'redis', db: redis, namespace: 'forms:ratelimit' } : { driver: 'memory', db }),
    duration: ONE_MINUTE_MS,
    max: perMinute,
    id: (ctx) => `${form}:${ctx.ip}`,
  })
  return async (ctx, next) => {
    if (db.size > SWEEP_ABOVE_ENTRIES) {
      const nowSeconds = Date.now() / 1000
      for (const [key, entry] of db) if (entry.reset < nowSeconds) db.delete(key)
    }
    await limiter(ctx, async () => {
      ctx.state.withinRateLimit = true
      await next()
    })
    if (ctx.status === 429 && !ctx.state.withinRateLimit) {
      // koa-ratelimit answers in plain text; every answer of ours is JSON.
      const retryAfter = Number(ctx.response.get('Retry-After')) || 60
      const { body } = answers.rateLimited(retryAfter)
      ctx.body = body
      ctx.status = 429
    }
  }
}
