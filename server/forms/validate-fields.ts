import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import type { FieldProblem } from './answers.ts'
import { FORM_DEFINITIONS } from './form-definitions.ts'
import { problemWords, REQUIRED, type BrokenRule } from '../../site/form-rules.ts'
import type { FormName } from '../../site/generated/forms.ts'
import { createSchemaAjv } from '../../site/schema-ajv.ts'

/**
 * Checks a payload against the form's schema (the same file the browser uses) and names every
 * wrong field in plain words; the formats and the words are the browser's too (site/form-rules.ts).
 * Types are coerced because multipart fields arrive as text ("fillTimeMs": "5200") and a phone
 * typed as a JSON number is still a phone. The Ajv is the project's one set-up (site/schema-ajv.ts:
 * strict, the annotations declared, the fields' formats).
 */
const ajv = createSchemaAjv({ Ajv, addFormats }, { allErrors: true, coerceTypes: true })

const validators = Object.fromEntries(Object.values(FORM_DEFINITIONS).map((definition) => [definition.name, ajv.compile(definition.schema)])) as Record<FormName, ValidateFunction>

/** ajv's error carries the broken keyword and its details (limit, format, pattern, …) as the shared words expect them. */
const describe = (error: ErrorObject): string => problemWords({ keyword: error.keyword, ...error.params } as BrokenRule)

function fieldOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'required') return String(params.missingProperty)
  // An unknown field's name comes from the caller: bound what we echo back.
  if (error.keyword === 'additionalProperties') return String(params.additionalProperty).slice(0, 40)
  return error.instancePath.split('/')[1] || '(the form)'
}

/** One problem per field, in schema order, the most basic one first ("required" beats "too short"). */
export function validateFields(form: FormName, payload: Record<string, unknown>): FieldProblem[] {
  const validate = validators[form]
  if (validate(payload)) return []
  const byField = new Map<string, string>()
  for (const error of validate.errors ?? []) {
    const field = fieldOf(error)
    const problem = describe(error)
    if (!byField.has(field) || problem === REQUIRED) byField.set(field, problem)
  }
  const order = Object.keys(FORM_DEFINITIONS[form].schema.properties as object)
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length)
  return [...byField].sort(([a], [b]) => rank(a) - rank(b)).map(([field, problem]) => ({ field, problem }))
}
