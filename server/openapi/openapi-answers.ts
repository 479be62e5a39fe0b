import { answers, success, type FormAnswer, type FormAnswers } from '../forms/answers.ts'
import { API_KEY_HEADER } from '../forms/api-key.ts'
import type { FormDefinition } from '../forms/form-definitions.ts'
import { JSON_BODY_LIMIT_BYTES } from '../forms/read-json-body.ts'
import { fileTooLargeSentence, problemSentence } from '../../site/form-words.ts'

/**
 * The answers part of the OpenAPI description (server/openapi/openapi-document.ts): every answer an
 * endpoint can give, each built by the server's own factory in server/forms/answers.ts, grouped by
 * status, with a schema per error code, the headers and an example. The examples' messages are the
 * site's own words (texts.form), as the endpoint answers them.
 */

export type Schema = Record<string, unknown>
type AnswerName = keyof FormAnswers

export const JSON_TYPE = 'application/json'
export const MULTIPART_TYPE = 'multipart/form-data'
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
export const pascal = (text: string) => text.replace(/(^|[-_])(\w)/g, (_, _separator: string, letter: string) => letter.toUpperCase())

/** Answers that only a form taking a file can give. */
const MULTIPART_ONLY: AnswerName[] = ['malformedMultipart', 'fileTooLarge']

/** Arguments that make an answer factory build a typical answer of its kind, for the examples. */
function sampleArguments(name: AnswerName, form: FormDefinition): unknown[] {
  switch (name) {
    case 'invalidFields':
      return [
        [
          { field: 'email', problem: problemSentence(form.words, form.fieldLabels.email ?? 'email', { keyword: 'format', format: 'email' }) },
          { field: 'message', problem: problemSentence(form.words, form.fieldLabels.message ?? 'message', { keyword: 'required' }) },
        ].filter(({ field }) => Object.hasOwn(form.schema.properties, field)),
      ]
    case 'fileTooLarge':
      return [fileTooLargeSentence(form.words, form.file?.limitBytes ?? 0)]
    case 'unsupportedContentType':
      return [form.file ? [JSON_TYPE, MULTIPART_TYPE] : [JSON_TYPE]]
    case 'rateLimited':
      return [60]
    default:
      return []
  }
}

/** The answers one form's endpoint can give, each built by the server's own factory; a wrong method is the API router's. */
function answersOf(form: FormDefinition): FormAnswer[] {
  const ofTheForm = (Object.keys(form.answers) as AnswerName[])
    .filter((name) => form.file || !MULTIPART_ONLY.includes(name))
    .map((name) => (form.answers[name] as (...args: unknown[]) => FormAnswer)(...sampleArguments(name, form)))
  return [...ofTheForm, answers.methodNotAllowed()]
}

/** `data` of the answers that carry any, by error code. */
const DATA_SCHEMAS: Record<string, Schema> = {
  invalid_fields: {
    type: 'object',
    required: ['fields', 'problems'],
    properties: {
      fields: { type: 'array', items: { type: 'string' }, description: 'The fields with a problem, in the order of the form.' },
      problems: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: 'Each field with a problem and the sentence the visitor reads about it, in the site\'s words (texts.form.problem…, e.g. "Email Address is required").',
      },
    },
  },
  unsupported_content_type: {
    type: 'object',
    required: ['accepted'],
    properties: { accepted: { type: 'array', items: { type: 'string' }, description: 'The content types this endpoint reads.' } },
  },
  rate_limited: {
    type: 'object',
    required: ['retryAfterSeconds'],
    properties: { retryAfterSeconds: { type: 'integer', minimum: 0, description: 'Seconds until a submission is taken again (the Retry-After header says the same).' } },
  },
}

/** What each status means for a caller of this form; the `message` of the answer is for the visitor, in the site's words (texts.form). */
const statusMeanings = (form: FormDefinition): Record<number, string> => ({
  200: 'Accepted: stored durably, the mail follows. `data.reference` names the submission. A repeat with the same Idempotency-Key gets the first answer again, with `Idempotent-Replayed: true`, and stores nothing new.',
  400: 'Not taken: a field is invalid (`invalid_fields`, with each field and its problem in `data`), the body cannot be read (`malformed_json`, `malformed_multipart`), or the Idempotency-Key is not 1 to 200 visible ASCII characters.',
  401: `Not taken: the ${API_KEY_HEADER} header is missing or wrong.`,
  405: 'Any method other than POST (or OPTIONS) on this address: only form submissions are taken here. `Allow` names the method.',
  413: `Not taken: a JSON body over ${JSON_BODY_LIMIT_BYTES / 1024} KB${form.file ? `, or a ${form.file.label.toLowerCase()} over ${+(form.file.limitBytes / (1024 * 1024)).toFixed(2)} MB` : ''}.`,
  415: 'Not taken: the body is not one of the content types this endpoint reads (`data.accepted`).',
  429: 'Not taken: too many submissions of this form from this address within a minute. Try again after `Retry-After` seconds.',
  500: 'Not taken: something failed on the server. Nothing was stored; try again later.',
  503: 'The server cannot take it now (its queue or outbox cannot store it at the moment); nothing was stored. Try again later, after `Retry-After` seconds.',
})

/** Headers the server sends with an answer beside those the answer itself names (koa-ratelimit sets Retry-After). */
const EXTRA_HEADERS: Record<number, string[]> = { 429: ['Retry-After'] }

/** The response headers, under components.headers. */
export const HEADERS: Record<string, Schema> = {
  'Retry-After': { description: 'Seconds to wait before trying again.', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } },
  Allow: { description: 'The method this address takes.', required: true, schema: { type: 'string' } },
  'Idempotent-Replayed': { description: 'Present on the answer to a repeat of an Idempotency-Key: the first answer, sent again.', schema: { const: 'true' } },
}

/** One error code's answer: the shared shape with its `error`, and `data` when it carries some. */
function refusalSchema(code: string, sample: FormAnswer): Schema {
  const data = DATA_SCHEMAS[code] ?? (sample.body.data ? { type: 'object' } : undefined)
  return {
    description: `The answer with error \`${code}\` (status ${sample.status}).`,
    allOf: [ref('FormAnswer')],
    required: ['success', 'message', 'error', ...(data ? ['data'] : [])],
    properties: { success: { const: false }, error: { const: code }, ...(data ? { data } : {}) },
  }
}

function acceptedSchema(): Schema {
  return {
    description: 'The answer to a submission that was taken.',
    allOf: [ref('FormAnswer')],
    required: ['success', 'message', 'data'],
    properties: {
      success: { const: true },
      data: {
        type: 'object',
        required: ['reference'],
        properties: {
          reference: { type: 'string', description: "The submission's id: the same in the server's log, the outbox and the mail, and for every repeat of one Idempotency-Key." },
        },
      },
    },
  }
}

/** The `responses` of one form's POST; the schemas they name are added to `schemas`. */
export function responsesOf(form: FormDefinition, schemas: Record<string, Schema>): Schema {
  const byStatus = new Map<number, FormAnswer[]>([[200, [success(form.successMessage, `${form.name}-m0zq1k2a-4f1c2a9b8e7d`)]]])
  for (const answer of answersOf(form)) byStatus.set(answer.status, [...(byStatus.get(answer.status) ?? []), answer])
  const responses: Record<string, Schema> = {}
  for (const [status, samples] of [...byStatus].sort(([a], [b]) => a - b)) {
    const variants = samples.map((sample) => {
      if (sample.body.success) {
        schemas.Accepted = acceptedSchema()
        return 'Accepted'
      }
      const name = pascal(sample.body.error!)
      schemas[name] = refusalSchema(sample.body.error!, sample)
      return name
    })
    const headerNames = [
      ...new Set([...samples.flatMap((sample) => Object.keys(sample.headers ?? {})), ...(EXTRA_HEADERS[status] ?? []), ...(status === 200 ? ['Idempotent-Replayed'] : [])]),
    ]
    responses[status] = {
      description: statusMeanings(form)[status] ?? "See the answer's message.",
      ...(headerNames.length ? { headers: Object.fromEntries(headerNames.map((name) => [name, { $ref: `#/components/headers/${name}` }])) } : {}),
      content: {
        [JSON_TYPE]: {
          schema: variants.length === 1 ? ref(variants[0]!) : { oneOf: variants.map(ref) },
          examples: Object.fromEntries(samples.map((sample, index) => [sample.body.error ?? 'accepted', { summary: variants[index], value: sample.body }])),
        },
      },
    }
  }
  return responses
}
