import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import type { FieldProblem } from './answers.ts'
import type { FormDefinition } from './form-definitions.ts'
import { withoutEmptyOptionals } from '../../site/form-payload.ts'
import { REQUIRED, REQUIRED_PATTERN, type BrokenRule } from '../../site/form-rules.ts'
import { problemSentence } from '../../site/form-words.ts'
import { createSchemaAjv } from '../../site/schema-ajv.ts'

/**
 * Checks a payload against the form's schema (derived from its declaration, as the browser's is)
 * and names every wrong field in the site's words; the formats and the words are the browser's too
 * (site/form-rules.ts, site/form-words.ts). Types are coerced because multipart fields arrive as text ("fillTimeMs":
 * "5200") and a phone typed as a JSON number is still a phone. The Ajv is the project's one set-up
 * (site/schema-ajv.ts: strict, the annotations declared, the fields' formats).
 */
const ajv = createSchemaAjv({ Ajv, addFormats }, { allErrors: true, coerceTypes: true })

/** One compiled validator per definition, made the first time its form is sent. */
const validators = new WeakMap<FormDefinition, ValidateFunction>()

function validatorOf(form: FormDefinition): ValidateFunction {
  let validate = validators.get(form)
  if (!validate) validators.set(form, (validate = ajv.compile(form.schema)))
  return validate
}

/** ajv's error carries the broken keyword and its details (limit, format, pattern, …) as the shared words expect them. */
const brokenRule = (error: ErrorObject): BrokenRule => ({ keyword: error.keyword, ...error.params }) as BrokenRule

/** Missing, empty or only spaces: of a field's problems, the one named. */
const isRequired = (rule: BrokenRule) =>
  rule.keyword === REQUIRED ||
  ((rule.keyword === 'minLength' || rule.keyword === 'minItems') && rule.limit <= 1) ||
  (rule.keyword === 'pattern' && rule.pattern === REQUIRED_PATTERN)

function fieldOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'required') return String(params.missingProperty)
  // An unknown field's name comes from the caller: bound what we echo back.
  if (error.keyword === 'additionalProperties') return String(params.additionalProperty).slice(0, 40)
  return error.instancePath.split('/')[1] || '(the form)'
}

/**
 * The payload as it will be checked and kept: optional values left empty are dropped (the browser
 * does the same before its check), then one problem per field, in schema order, the most basic one
 * first ("required" beats "too short").
 */
export function validateFields(form: FormDefinition, sent: Record<string, unknown>): { payload: Record<string, unknown>; problems: FieldProblem[] } {
  const payload = withoutEmptyOptionals(form.schema, sent)
  const validate = validatorOf(form)
  if (validate(payload)) return { payload, problems: [] }
  const byField = new Map<string, BrokenRule>()
  for (const error of validate.errors ?? []) {
    const field = fieldOf(error)
    const rule = brokenRule(error)
    if (!byField.has(field) || isRequired(rule)) byField.set(field, rule)
  }
  const order = Object.keys(form.schema.properties)
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length)
  const sentence = (field: string, rule: BrokenRule) => problemSentence(form.words, Object.hasOwn(form.fieldLabels, field) ? form.fieldLabels[field]! : field, rule)
  return { payload, problems: [...byField].sort(([a], [b]) => rank(a) - rank(b)).map(([field, rule]) => ({ field, problem: sentence(field, rule) })) }
}
