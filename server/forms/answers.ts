import type { StoreUnavailableError } from '../queue/store-errors.ts'
import { kindsInCapitals } from '../../site/form-rules.ts'

/**
 * Every answer the form endpoints (and the rest of /api/) give, in one place. The browser shows
 * `message` to the visitor as is, in the form's status line, so each one says what happened and
 * what to do, in plain words. `error` is a stable code for programs; `data` carries details.
 */
interface FormAnswerBody {
  success: boolean
  message: string
  error?: string
  data?: Record<string, unknown>
}

export interface FormAnswer {
  status: number
  body: FormAnswerBody
  headers?: Record<string, string>
}

/** Thrown anywhere in the pipeline; the boundary turns it into its answer. */
export class FormProblem extends Error {
  readonly answer: FormAnswer

  constructor(answer: FormAnswer) {
    super(answer.body.message)
    this.answer = answer
    this.name = 'FormProblem'
  }
}

/** "a, b and c" */
const listed = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`)

const failure = (status: number, error: string, message: string, data?: Record<string, unknown>, headers?: Record<string, string>): FormAnswer => ({
  status,
  body: data ? { success: false, message, error, data } : { success: false, message, error },
  ...(headers ? { headers } : {}),
})

export const success = (message: string, reference: string): FormAnswer => ({
  status: 200,
  body: { success: true, message, data: { reference } },
})

export interface FieldProblem {
  field: string
  problem: string
}

export const answers = {
  invalidFields: (problems: FieldProblem[]) =>
    failure(400, 'invalid_fields', `Please check: ${problems.map(({ field, problem }) => `${field} (${problem})`).join(', ')}`, {
      fields: problems.map(({ field }) => field),
      problems: Object.fromEntries(problems.map(({ field, problem }) => [field, problem])),
    }),
  malformedJson: () => failure(400, 'malformed_json', 'The form could not be read: the request body is not a valid JSON object. Please try again.'),
  malformedMultipart: (detail: string) => failure(400, 'malformed_multipart', `The form could not be read: ${detail}. Please try again.`),
  badIdempotencyKey: () => failure(400, 'invalid_idempotency_key', 'The Idempotency-Key header must be 1 to 200 visible characters.'),
  unauthorized: (why: 'missing' | 'wrong') =>
    failure(401, 'unauthorized', `The form could not be sent: the request's access key (x-api-key) is ${why}. Please contact us directly.`),
  /** `allowed`: the methods the address takes (a form's: POST). */
  methodNotAllowed: (allowed: string[] = ['POST']) =>
    failure(
      405,
      'method_not_allowed',
      allowed.join() === 'POST' ? 'This address only accepts form submissions (POST).' : `This address only accepts ${allowed.join(', ')}.`,
      undefined,
      { Allow: allowed.join(', ') },
    ),
  /** `formPaths`: where the site's forms post, to point a lost caller at them. */
  unknownEndpoint: (formPaths: string[]) =>
    failure(
      404,
      'not_found',
      formPaths.length > 0 ? `There is no form at this address. The forms post to ${listed(formPaths)}.` : 'There is no form at this address: this site has no forms.',
    ),
  bodyTooLarge: (limitBytes: number) =>
    failure(413, 'payload_too_large', `The form is too large to send (more than ${Math.round(limitBytes / 1024)} KB). Please shorten the message and try again.`),
  /** `file`: the form's file field, named as its label says ("The resume is larger than 5 MB"). */
  fileTooLarge: (file: { label: string; endings: string[]; limitBytes: number }) =>
    failure(
      413,
      'file_too_large',
      `The ${file.label.toLowerCase()} is larger than ${+(file.limitBytes / (1024 * 1024)).toFixed(2)} MB. Please upload a smaller ${kindsInCapitals(file.endings)} file.`,
    ),
  unsupportedContentType: (accepted: string[]) => failure(415, 'unsupported_content_type', `This form accepts ${accepted.join(' or ')} only.`, { accepted }),
  rateLimited: (retryAfterSeconds: number) =>
    failure(429, 'rate_limited', 'Too many submissions from your address in a short time. Please wait a minute and try again.', { retryAfterSeconds }),
  /** The shared queue (Redis) cannot be reached: nothing was stored, so the browser offers its mail fallback. */
  queueUnavailable: () =>
    failure(
      503,
      'queue_unavailable',
      'Your submission could not be saved right now because our form service is briefly unavailable; nothing was sent. Please try again in a few minutes or contact us directly.',
      undefined,
      { 'Retry-After': '30' },
    ),
  /**
   * The server's disk is nearly full (its reserve is kept for delivering what it already took):
   * nothing was stored, so the browser offers its mail fallback.
   */
  outboxFull: () =>
    failure(
      503,
      'outbox_full',
      'Your submission could not be saved right now because our server is short of storage space; nothing was sent. Please try again later or contact us directly.',
      undefined,
      { 'Retry-After': '300' },
    ),
  /**
   * Every upload slot (UPLOAD_CONCURRENCY) was taken for the whole short wait: the body was not
   * read and nothing was stored. The browser offers its mail fallback; a program retries after Retry-After.
   */
  busy: (retryAfterSeconds: number) =>
    failure(
      503,
      'busy',
      'Your submission could not be received right now because many are arriving at once; nothing was sent. Please try again in a minute or contact us directly.',
      { retryAfterSeconds },
      { 'Retry-After': String(retryAfterSeconds) },
    ),
  internalError: () =>
    failure(500, 'internal_error', 'Your submission could not be saved because of a problem on our side. Please try again in a few minutes or contact us directly.'),
}

/** The answer when the queue could not take a submission (nothing was stored): why, in the visitor's words. */
export const answerForStore = (error: StoreUnavailableError): FormAnswer => (error.kind === 'outbox_full' ? answers.outboxFull() : answers.queueUnavailable())
