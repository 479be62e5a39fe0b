import type { StoreUnavailableError } from '../queue/store-errors.ts'
import type { FormWords } from '../../site/form-words.ts'

/**
 * Every answer the form endpoints (and the rest of /api/) give, in one place. `message` is for the
 * visitor, in the site's words; `error` is a stable code for programs; `data` carries details.
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

/**
 * The answers of a form's endpoint, in the site's words (texts.form): a visitor may read any of them
 * (the page shows its own words by the code, a program may show the message), so none is English
 * unless the site is. The `error` code tells a program which refusal it is.
 */
export const answersIn = ({ form: texts }: Pick<FormWords, 'form'>) => ({
  /** `problems`: each field's problem as the visitor reads it (site/form-words.ts). */
  invalidFields: (problems: FieldProblem[]) =>
    failure(400, 'invalid_fields', [texts.checkFields, ...problems.map(({ problem }) => problem)].join(' · '), {
      fields: problems.map(({ field }) => field),
      problems: Object.fromEntries(problems.map(({ field, problem }) => [field, problem])),
    }),
  malformedJson: () => failure(400, 'malformed_json', texts.refused),
  malformedMultipart: () => failure(400, 'malformed_multipart', texts.refused),
  badIdempotencyKey: () => failure(400, 'invalid_idempotency_key', texts.refused),
  unauthorized: () => failure(401, 'unauthorized', texts.refused),
  bodyTooLarge: () => failure(413, 'payload_too_large', texts.tooLarge),
  /** `sentence`: the file field's limit in the site's words (fileTooLargeSentence). */
  fileTooLarge: (sentence: string) => failure(413, 'file_too_large', sentence),
  unsupportedContentType: (accepted: string[]) => failure(415, 'unsupported_content_type', texts.refused, { accepted }),
  rateLimited: (retryAfterSeconds: number) => failure(429, 'rate_limited', texts.rateLimited, { retryAfterSeconds }),
  /** The shared queue (Redis) cannot be reached: nothing was stored, so the browser offers its mail fallback. */
  queueUnavailable: () => failure(503, 'queue_unavailable', texts.unavailable, undefined, { 'Retry-After': '30' }),
  /**
   * The server's disk is nearly full (its reserve is kept for delivering what it already took):
   * nothing was stored, so the browser offers its mail fallback.
   */
  outboxFull: () => failure(503, 'outbox_full', texts.unavailable, undefined, { 'Retry-After': '300' }),
  /**
   * Every upload slot (UPLOAD_CONCURRENCY) was taken for the whole short wait: the body was not
   * read and nothing was stored. The browser offers its mail fallback; a program retries after Retry-After.
   */
  busy: (retryAfterSeconds: number) => failure(503, 'busy', texts.unavailable, { retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) }),
  internalError: () => failure(500, 'internal_error', texts.unavailable),
})

export type FormAnswers = ReturnType<typeof answersIn>

/**
 * The answers of /api/ addresses that are no form's: a program's mistake a visitor never meets, so
 * in the API's own English, the language of its description.
 */
export const answers = {
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
}

/** The answer when the queue could not take a submission (nothing was stored): why, in the visitor's words. */
export const answerForStore = (answers: FormAnswers, error: StoreUnavailableError): FormAnswer => (error.kind === 'outbox_full' ? answers.outboxFull() : answers.queueUnavailable())
