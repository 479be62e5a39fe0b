import type { Context, Middleware } from 'koa'
import { hashIdempotencyKey, type IdempotencyStore } from '../outbox/idempotencyStore.ts'
import { acceptSubmission, type SubmissionContext } from './acceptSubmission.ts'
import { answers, FormProblem, type FormAnswer } from './answers.ts'
import { requireApiKey } from './apiKey.ts'
import { formForPath, type FormDefinition } from './formDefinitions.ts'
import { FORM_NAMES, type FormName } from './formNames.ts'
import { createRateLimit } from './rateLimit.ts'

export interface FormsMiddlewareOptions extends SubmissionContext {
  apiKey: string
  rateLimitPerMinute: number
  idempotency: IdempotencyStore
  /** The per-form limiter; default in memory. With Redis, one shared by every instance. */
  createRateLimit?: (form: FormName, perMinute: number) => Middleware
}

const IDEMPOTENCY_HEADER = 'idempotency-key'
const VISIBLE_ASCII_KEY = /^[\x21-\x7e]{1,200}$/

function respond(ctx: Context, answer: FormAnswer, replayed = false): void {
  ctx.status = answer.status
  ctx.body = answer.body
  ctx.set('Cache-Control', 'no-store')
  for (const [name, value] of Object.entries(answer.headers ?? {})) ctx.set(name, value)
  if (replayed) ctx.set('Idempotent-Replayed', 'true')
}

/**
 * POST /api/contact, /api/quote and /api/career. Order: method, rate limit, api key, idempotency
 * replay, then read, check and queue. Every answer is JSON { success, message, error?, data? };
 * an unexpected error is logged with its stack here and answered 500 without one.
 */
export function createFormsMiddleware(options: FormsMiddlewareOptions): Middleware {
  const rateLimitFor = options.createRateLimit ?? createRateLimit
  const limiters = Object.fromEntries(
    FORM_NAMES.map((name) => [name, rateLimitFor(name, options.rateLimitPerMinute)]),
  ) as Record<FormName, Middleware>

  async function handle(ctx: Context, form: FormDefinition): Promise<void> {
    requireApiKey(ctx, options.apiKey)
    const key = ctx.get(IDEMPOTENCY_HEADER)
    if (!key) return respond(ctx, await acceptSubmission(ctx, form, options))
    if (!VISIBLE_ASCII_KEY.test(key)) throw new FormProblem(answers.badIdempotencyKey())

    const hash = hashIdempotencyKey(form.name, key)
    const { answer, replayed } = await options.idempotency.answerOnce(
      hash,
      () => acceptSubmission(ctx, form, options, hash),
      (first) => first.status === 200,
    )
    if (replayed) ctx.req.resume() // the body of a replayed request is not needed: discard it
    respond(ctx, answer as FormAnswer, replayed)
  }

  return async (ctx, next) => {
    const form = formForPath(ctx.path)
    if (!form) return next()
    try {
      if (ctx.method !== 'POST') throw new FormProblem(answers.methodNotAllowed())
      await limiters[form.name](ctx, () => handle(ctx, form))
    } catch (error) {
      if (error instanceof FormProblem) return respond(ctx, error.answer)
      options.log(
        `[forms] ${form.name}: internal error answered 500: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      )
      respond(ctx, answers.internalError())
    }
  }
}
