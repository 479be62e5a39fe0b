import Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import { isOutOfSpace } from '../outbox/disk-space.ts'
import { hashIdempotencyKey, type IdempotencyStore } from '../outbox/idempotency-store.ts'
import type { SubmissionQueue } from '../queue/submission-queue.ts'
import { acceptSubmission, type SubmissionContext } from './accept-submission.ts'
import { answers, FormProblem, type FormAnswer } from './answers.ts'
import { requireApiKey } from './api-key.ts'
import { isClientGone } from '../client-gone.ts'
import { FORM_DEFINITIONS, type FormDefinition } from './form-definitions.ts'
import { FORM_NAMES, type FormName } from '../../site/generated/forms.ts'
import { createRateLimit } from './rate-limit.ts'

export interface FormsMiddlewareOptions extends SubmissionContext {
  outbox: Pick<SubmissionQueue, 'enqueue' | 'admit'>
  apiKey: string
  rateLimitPerMinute: number
  idempotency: IdempotencyStore
  /** The per-form limiter; default in memory. With Redis, one shared by every instance. */
  createRateLimit?: (form: FormName, perMinute: number) => Middleware
}

const API_PREFIX = '/api/'
export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const VISIBLE_ASCII_KEY = /^[\x21-\x7e]{1,200}$/

function respond(ctx: Context, answer: FormAnswer, replayed = false): void {
  ctx.status = answer.status
  ctx.body = answer.body
  ctx.set('Cache-Control', 'no-store')
  for (const [name, value] of Object.entries(answer.headers ?? {})) ctx.set(name, value)
  if (replayed) ctx.set('Idempotent-Replayed', 'true')
}

/**
 * POST /api/contact, /api/quote and /api/career, declared with @koa/router (which also answers a
 * wrong method with 405 and Allow, and OPTIONS with Allow). Order: route, rate limit, api key,
 * idempotency replay, then read, check and queue. Anything else under /api/ is a JSON 404.
 * Every answer is JSON { success, message, error?, data? }; an unexpected error is logged with
 * its stack here and answered 500 without one.
 */
export function createFormsMiddleware(options: FormsMiddlewareOptions): Middleware {
  const rateLimitFor = options.createRateLimit ?? createRateLimit
  const limiters = Object.fromEntries(FORM_NAMES.map((name) => [name, rateLimitFor(name, options.rateLimitPerMinute)])) as Record<FormName, Middleware>

  async function handle(ctx: Context, form: FormDefinition): Promise<void> {
    requireApiKey(ctx, options.apiKey)
    const key = ctx.get(IDEMPOTENCY_HEADER)
    if (!key) return respond(ctx, await acceptSubmission(ctx, form, options))
    if (!VISIBLE_ASCII_KEY.test(key)) throw new FormProblem(answers.badIdempotencyKey())

    const hash = hashIdempotencyKey(form.name, key)
    // What this request queues waits for its answer to be remembered, or is withdrawn if that fails:
    // a 200 always means one mail, and an error none.
    const admission = options.outbox.admit?.()
    try {
      const { answer, replayed } = await options.idempotency.answerOnce(
        hash,
        () => acceptSubmission(ctx, form, admission ? { ...options, outbox: admission } : options, hash),
        (first) => first.status === 200,
        admission,
      )
      if (replayed) ctx.req.resume() // the body of a replayed request is not needed: discard it
      respond(ctx, answer as FormAnswer, replayed)
    } finally {
      admission?.release()
    }
  }

  const router = new Router()
  for (const form of Object.values(FORM_DEFINITIONS)) router.post(form.path, limiters[form.name], (ctx) => handle(ctx, form))
  // @koa/router types its middleware for the context it adds to at run time (params, router):
  // called from a plain Koa middleware, that is the same object.
  const routes = router.routes() as unknown as Middleware
  const allowedMethods = router.allowedMethods({
    throw: true,
    methodNotAllowed: () => new FormProblem(answers.methodNotAllowed()),
    notImplemented: () => new FormProblem(answers.methodNotAllowed()),
  }) as unknown as Middleware
  const nothingAfter = async () => {}

  return async (ctx, next) => {
    if (!ctx.path.startsWith(API_PREFIX)) return next()
    try {
      await routes(ctx, () => allowedMethods(ctx, nothingAfter))
      if (ctx.status === 404 && ctx.body == null) throw new FormProblem(answers.unknownEndpoint())
      // @koa/router answers OPTIONS with 200 and an empty body; "No Content" says it better.
      if (ctx.method === 'OPTIONS' && ctx.status === 200 && !ctx.body) ctx.status = 204
    } catch (error) {
      if (error instanceof FormProblem) return respond(ctx, error.answer)
      const form = ctx.path.slice(API_PREFIX.length)
      if (isClientGone(error, ctx.req)) {
        // Nobody is left to read an answer, and nothing was stored: a note, not an error.
        options.log.info({ form }, 'the client went away before its request was read; nothing stored')
        ctx.status = 400
        return
      }
      if (isOutOfSpace(error)) {
        // Nothing was stored (a failed write leaves no file): the visitor may try again later.
        options.log.error({ form, reason: (error as Error).message }, 'the outbox disk is full: answered 503')
        return respond(ctx, answers.outboxFull())
      }
      options.log.error({ form, err: error }, 'internal error answered 500')
      respond(ctx, answers.internalError())
    }
  }
}
