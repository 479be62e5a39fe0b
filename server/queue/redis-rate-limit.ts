import type { Logger } from '../log.ts'
import type { Redis } from 'ioredis'
import type { Middleware } from 'koa'
import { answers, FormProblem } from '../forms/answers.ts'
import type { FormName } from '../../site/generated/forms.ts'
import { createRateLimit } from '../forms/rate-limit.ts'

/**
 * The rate limit shared by every instance: koa-ratelimit's Redis driver (a sorted set per address
 * and form, trimmed by a Lua script), so a visitor over the limit on one instance is refused on all.
 * When Redis cannot be asked, the visitor gets the same 503 as for the queue: the submission could
 * not be stored anyway, and the browser offers its mail fallback.
 */
export function redisRateLimitFactory(redis: Redis, log: Logger) {
  return (form: FormName, perMinute: number): Middleware => {
    const limiter = createRateLimit(form, perMinute, redis)
    return async (ctx, next) => {
      let withinLimit = false
      try {
        await limiter(ctx, () => {
          withinLimit = true
          return next()
        })
      } catch (error) {
        // Past the limiter, errors belong to the rest of the pipeline.
        if (withinLimit || error instanceof FormProblem) throw error
        if (redis.status === 'ready') log.warn({ reason: String(error) }, 'Redis rate limit check failed, answered 503')
        throw new FormProblem(answers.queueUnavailable())
      }
    }
  }
}
