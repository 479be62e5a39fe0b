import type { Middleware } from 'koa'
import ratelimit from 'koa-ratelimit'
import type { SharedRateLimitStore } from '../queue/submission-queue.ts'
import { FormProblem, type FormAnswers } from './answers.ts'

const ONE_MINUTE_MS = 60_000
/** Past this many remembered addresses, forget the expired ones (koa-ratelimit's memory store never does). */
const SWEEP_ABOVE_ENTRIES = 10_000

/**
 * At most `perMinute` submissions per client address and form, in memory (one server process),
 * or in Redis when `shared` is given (koa-ratelimit's Redis driver: a sorted set per address and
 * form, trimmed by a Lua script, so a visitor over the limit on one instance is refused on all).
 * Behind a reverse proxy the app must set `app.proxy = true` so ctx.ip is the visitor's address.
 */
export function createRateLimit(form: string, perMinute: number, answers: FormAnswers, shared?: SharedRateLimitStore): Middleware {
  const db = new Map<string, { reset: number }>()
  const limiter = ratelimit({
    ...(shared ? { driver: 'redis', db: shared.redis, namespace: 'forms:ratelimit' } : { driver: 'memory', db }),
    duration: ONE_MINUTE_MS,
    max: perMinute,
    id: (ctx) => `${form}:${ctx.ip}`,
  })
  return async (ctx, next) => {
    if (db.size > SWEEP_ABOVE_ENTRIES) {
      const nowSeconds = Date.now() / 1000
      for (const [key, entry] of db) if (entry.reset < nowSeconds) db.delete(key)
    }
    try {
      await limiter(ctx, async () => {
        ctx.state.withinRateLimit = true
        await next()
      })
    } catch (error) {
      // Past the limiter, errors belong to the rest of the pipeline. A shared store that cannot be
      // asked gets the same 503 as the queue: the submission could not be stored anyway.
      if (!shared || ctx.state.withinRateLimit || error instanceof FormProblem) throw error
      throw shared.unavailable(error)
    }
    if (ctx.status === 429 && !ctx.state.withinRateLimit) {
      // koa-ratelimit answers in plain text; every answer of ours is JSON.
      const retryAfter = Number(ctx.response.get('Retry-After')) || 60
      const { body } = answers.rateLimited(retryAfter)
      ctx.body = body
      ctx.status = 429
    }
  }
}
