import { formSchemas, type FormName } from '../../site/generated/forms'

/**
 * The browser's check of a payload against the same schemas/forms/*.json files the server
 * validates with ajv. Those schemas use a small part of JSON Schema, so a few lines interpret it
 * here and ajv (~120 KB) stays out of the page. Any keyword outside that part throws, so a schema
 * change the browser cannot follow fails the unit tests, which also compare every verdict with
 * the server's ajv on the same payloads (tests/unit/form-payload-check.test.ts).
 */

/** ajv-formats' "email" (full mode), the server's rule; a test keeps the two identical. */
export const EMAIL_PATTERN = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i

/** The server's "single-line" format (server/forms/validate-fields.ts); a test keeps the two identical. */
export const SINGLE_LINE_PATTERN = /^[^\p{Cc}\u2028\u2029]*$/u

interface PropertySchema {
  type?: 'string' | 'integer'
  minLength?: number
  maxLength?: number
  pattern?: string
  enum?: string[]
  format?: 'email' | 'single-line'
  minimum?: number
  maximum?: number
}

interface PayloadSchema {
  required: string[]
  properties: Record<string, PropertySchema>
  additionalProperties: false
}

const ANNOTATIONS = new Set(['$schema', '$id', 'title', 'description', 'examples', 'x-successMessage', 'x-mail', 'x-mailLabel'])
const OBJECT_KEYWORDS = new Set(['type', 'required', 'properties', 'additionalProperties'])
const PROPERTY_KEYWORDS = new Set(['type', 'minLength', 'maxLength', 'pattern', 'enum', 'format', 'minimum', 'maximum'])

function understood(schema: Record<string, unknown>, keywords: Set<string>, where: string): void {
  for (const keyword of Object.keys(schema)) {
    if (!ANNOTATIONS.has(keyword) && !keywords.has(keyword))
      throw new Error(`The browser's payload check does not know "${keyword}" (${where}); extend blocks/form/payload-check.ts.`)
  }
}

export function asPayloadSchema(schema: Record<string, unknown>, name: string): PayloadSchema {
  understood(schema, OBJECT_KEYWORDS, name)
  if (schema.type !== 'object' || schema.additionalProperties !== false) throw new Error(`${name}: the browser's payload check expects a closed object schema.`)
  for (const [property, rule] of Object.entries(schema.properties as Record<string, Record<string, unknown>>)) {
    understood(rule, PROPERTY_KEYWORDS, `${name} → ${property}`)
    if (rule.format !== undefined && rule.format !== 'email' && rule.format !== 'single-line') throw new Error(`${name} → ${property}: unknown format ${String(rule.format)}`)
  }
  return schema as unknown as PayloadSchema
}

export const payloadSchemas = Object.fromEntries(Object.entries(formSchemas).map(([name, schema]) => [name, asPayloadSchema(schema, name)])) as Record<FormName, PayloadSchema>

/** Characters as ajv counts them (code points, so an emoji is one). */
const lengthOf = (text: string) => [...text].length

/** Plain words for the visitor, as the server words them; null when the value is fine. */
function problemWith(value: unknown, rule: PropertySchema): string | null {
  if (rule.type === 'integer') {
    if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be integer'
    if (rule.minimum !== undefined && value < rule.minimum) return `must be a number of at least ${rule.minimum}`
    if (rule.maximum !== undefined && value > rule.maximum) return `must be a number of at most ${rule.maximum}`
    return null
  }
  if (typeof value !== 'string') return 'must be text'
  if (rule.minLength !== undefined && lengthOf(value) < rule.minLength) return rule.minLength <= 1 ? 'required' : `must be at least ${rule.minLength} characters`
  if (rule.maxLength !== undefined && lengthOf(value) > rule.maxLength) return `must be at most ${rule.maxLength} characters`
  if (rule.pattern !== undefined && !new RegExp(rule.pattern, 'u').test(value)) return rule.pattern === '\\S' ? 'required' : 'must be a .pdf, .doc or .docx file name'
  if (rule.enum && !rule.enum.includes(value)) return `must be one of: ${rule.enum.join(', ')}`
  if (rule.format === 'email' && !EMAIL_PATTERN.test(value)) return 'must be a valid e-mail address'
  if (rule.format === 'single-line' && !SINGLE_LINE_PATTERN.test(value)) return 'must be a single line, without line breaks or control characters'
  return null
}

/** Every invalid payload key with its problem, in schema order; empty when the server will accept it. */
export function checkPayload(form: FormName, payload: Readonly<Record<string, unknown>>): Record<string, string> {
  const schema = payloadSchemas[form]
  const problems: Record<string, string> = {}
  for (const [key, rule] of Object.entries(schema.properties)) {
    if (payload[key] === undefined) {
      if (schema.required.includes(key)) problems[key] = 'required'
      continue
    }
    const problem = problemWith(payload[key], rule)
    if (problem) problems[key] = problem
  }
  for (const key of Object.keys(payload)) if (!(key in schema.properties)) problems[key] = 'is not a field of this form'
  return problems
}
