import { createHash } from 'node:crypto'
import type Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import { isClientGone } from '../http/client-gone.ts'
import { StoreUnavailableError } from '../queue/store-errors.ts'
import { isOutOfSpace } from '../../ground/durable-files.ts'
import type { IdempotencyStore, SharedRateLimitStore, SubmissionQueue } from '../queue/submission-queue.ts'
import { acceptSubmission, type SubmissionContext } from './accept-submission.ts'
import { answerForStore, FormProblem, type FormAnswer } from './answers.ts'
import { requireApiKey } from './api-key.ts'
import type { FormDefinition } from './form-definitions.ts'
import { createRateLimit } from './rate-limit.ts'
import { proofOfWorkEndpoint } from '../../site/form-payload.ts'

export interface FormRoutesOptions extends SubmissionContext {
  outbox: Pick<SubmissionQueue, 'enqueue' | 'admit'>
  apiKey: string
  rateLimitPerMinute: number
  idempotency: IdempotencyStore
  /** The site's forms: one POST /api/<name> each. */
  forms: ReadonlyMap<string, FormDefinition>
  /** A site of several languages: the forms in each language but the default, by language (a request names its language in Content-Language). */
  formsIn?: ReadonlyMap<string, ReadonlyMap<string, FormDefinition>>
  /** Where the per-form rate limit counts: default in memory; with Redis, one count shared by every instance. */
  rateLimitStore?: SharedRateLimitStore | undefined
}

export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const VISIBLE_ASCII_KEY = /^[\x21-\x7e]{1,200}$/

/** The key's hash names files and queued ids, so any header value is safe to use. */
export const hashIdempotencyKey = (form: string, key: string): string => createHash('sha256').update(`${form}\n${key}`).digest('hex').slice(0, 40)

function respond(ctx: Context, answer: FormAnswer, replayed = false): void {
  ctx.status = answer.status
  ctx.body = answer.body
  ctx.set('Cache-Control', 'no-store')
  for (const [name, value] of Object.entries(answer.headers ?? {})) ctx.set(name, value)
  if (replayed) ctx.set('Idempotent-Replayed', 'true')
}

/** A page asks for a challenge when its visitor starts on the form and after each send: a few times the submissions' limit. */
const CHALLENGES_PER_SUBMISSION = 3

/**
 * POST /api/<form> for every form of the form list, GET /api/altcha/<form> (a proof-of-work challenge) for each that asks for one, added to the app's /api/ router (server/compose/api-router.ts,
 * which answers a wrong method with 405 and Allow, OPTIONS with Allow, and any other /api/ address
 * with a JSON 404). Order: rate limit, api key, idempotency replay, then read, check and queue.
 * Every answer is JSON { success, message, error?, data? }; an unexpected error is logged with
 * its stack here and answered 500 without one.
 */
export function formRoutes(options: FormRoutesOptions): (router: Router) => void {
  /**
   * The form as the visitor's page shows it: a page of a site in several languages names its
   * language in the request's Content-Language (blocks/form/send-submission.ts). Only a language
   * of the site is taken, compared exactly; any other value, or none, is the default language.
   */
  const inVisitorLanguage = (ctx: Context, form: FormDefinition): FormDefinition => {
    if (!options.formsIn?.size) return form
    return options.formsIn.get(ctx.get('content-language').trim())?.get(form.name) ?? form
  }

  const limiters = new Map([...options.forms.values()].map((form) => [form.name, createRateLimit(form.name, options.rateLimitPerMinute, form.answers, options.rateLimitStore)]))

  async function handle(ctx: Context, siteForm: FormDefinition): Promise<void> {
    const form = inVisitorLanguage(ctx, siteForm)
    requireApiKey(ctx, options.apiKey, form.answers)
    const key = ctx.get(IDEMPOTENCY_HEADER)
    if (!key) return respond(ctx, await acceptSubmission(ctx, form, options))
    if (!VISIBLE_ASCII_KEY.test(key)) throw new FormProblem(form.answers.badIdempotencyKey())

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

  /** Every failure of a form's request becomes its JSON answer here, the one place errors turn into answers (acceptSubmission throws them). */
  const answerFailures =
    (siteForm: FormDefinition): Middleware =>
    async (ctx, next) => {
      try {
        await next()
      } catch (error) {
        const { name: form, answers } = inVisitorLanguage(ctx, siteForm)
        if (error instanceof FormProblem) return respond(ctx, error.answer)
        // The queue logs its own outages (once per spell, not once per visitor).
        if (error instanceof StoreUnavailableError) return respond(ctx, answerForStore(answers, error))
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

  const proofOfWork = options.proofOfWork
  const challengeRoutes = (router: Router, form: FormDefinition) => {
    if (!form.altcha || !proofOfWork) return
    const limit = createRateLimit(`altcha:${form.name}`, CHALLENGES_PER_SUBMISSION * options.rateLimitPerMinute, form.answers, options.rateLimitStore)
    router.get(proofOfWorkEndpoint(form.name), answerFailures(form), limit, async (ctx) => {
      ctx.body = await proofOfWork.challenge(form.name)
      ctx.set('Cache-Control', 'no-store')
    })
  }

  return (router) => {
    for (const form of options.forms.values()) {
      router.post(form.path, answerFailures(form), limiters.get(form.name)!, (ctx) => handle(ctx, form))
      challengeRoutes(router, form)
    }
  }
}
