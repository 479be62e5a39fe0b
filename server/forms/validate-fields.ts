import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import type { FieldProblem } from './answers.ts'
import { FORM_ANNOTATIONS, FORM_DEFINITIONS } from './form-definitions.ts'
import type { FormName } from '../../site/generated/forms.ts'

/**
 * Checks a payload against the form's schema (the same file the browser uses) and names every
 * wrong field in plain words. Types are coerced because multipart fields arrive as text
 * ("fillTimeMs": "5200") and a phone typed as a JSON number is still a phone.
 */
const ajv = new Ajv({ allErrors: true, coerceTypes: true, strict: true })
addFormats(ajv, ['email'])
ajv.addVocabulary(FORM_ANNOTATIONS)
/**
 * Names, phones and the like are printed on lines of their own in the mail: a line break there
 * would let a visitor write fake labelled lines ("E-mail: …") into it. C0 and C1 controls, DEL
 * and the Unicode line separators are refused; the browser's payloadCheck uses the same rule.
 */
export const SINGLE_LINE_PATTERN = /^[^\p{Cc}\u2028\u2029]*$/u
ajv.addFormat('single-line', SINGLE_LINE_PATTERN)

const validators = Object.fromEntries(Object.values(FORM_DEFINITIONS).map((definition) => [definition.name, ajv.compile(definition.schema)])) as Record<FormName, ValidateFunction>

/** "\S" is how the schemas say "not only spaces", which a visitor reads as "required". */
const REQUIRED_PATTERN = '\\S'

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return 'required'
    case 'minLength':
      return Number(params.limit) <= 1 ? 'required' : `must be at least ${String(params.limit)} characters`
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`
    case 'format':
      if (params.format === 'single-line') return 'must be a single line, without line breaks or control characters'
      return params.format === 'email' ? 'must be a valid e-mail address' : `must be a valid ${String(params.format)}`
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`
    case 'pattern':
      return params.pattern === REQUIRED_PATTERN ? 'required' : 'must be a .pdf, .doc or .docx file name'
    case 'type':
      return params.type === 'string' ? 'must be text' : `must be ${String(params.type)}`
    case 'minimum':
    case 'maximum':
      return `must be a number ${error.keyword === 'minimum' ? 'of at least' : 'of at most'} ${String(params.limit)}`
    case 'additionalProperties':
      return 'is not a field of this form'
    default:
      return 'has a value this form does not accept'
  }
}

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
    if (!byField.has(field) || problem === 'required') byField.set(field, problem)
  }
  const order = Object.keys(FORM_DEFINITIONS[form].schema.properties as object)
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length)
  return [...byField].sort(([a], [b]) => rank(a) - rank(b)).map(([field, problem]) => ({ field, problem }))
}
