import { FIELD_FORMATS, isFieldFormat, problemWords, type FieldFormat } from '../../site/form-rules'
import { formSchemas, type FormName } from '../../site/generated/forms'
import { FORM_ANNOTATIONS } from '../../site/schema-annotations'

/**
 * The browser's check of a payload against the same schemas/forms/*.json files the server
 * validates with ajv, with the same formats and words (site/form-rules.ts). Those schemas use a
 * small part of JSON Schema, so a few lines interpret it here and ajv (~120 KB) stays out of the
 * page. Any keyword outside that part throws, so a schema change the browser cannot follow fails
 * the unit tests, which also compare every verdict with the server's ajv on the same payloads
 * (tests/unit/form-payload-check.test.ts).
 */

interface PropertySchema {
  type?: 'string' | 'integer'
  minLength?: number
  maxLength?: number
  pattern?: string
  enum?: string[]
  format?: FieldFormat
  minimum?: number
  maximum?: number
}

interface PayloadSchema {
  required: string[]
  properties: Record<string, PropertySchema>
  additionalProperties: false
}

// The keywords that only describe (the forms' own annotations among them, site/schema-annotations.ts).
const ANNOTATIONS = new Set<string>(['$schema', '$id', 'title', 'description', 'examples', ...FORM_ANNOTATIONS])
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
    if (rule.format !== undefined && !isFieldFormat(rule.format)) throw new Error(`${name} → ${property}: unknown format ${String(rule.format)}`)
  }
  return schema as unknown as PayloadSchema
}

export const payloadSchemas = Object.fromEntries(Object.entries(formSchemas).map(([name, schema]) => [name, asPayloadSchema(schema, name)])) as Record<FormName, PayloadSchema>

/** Characters as ajv counts them (code points, so an emoji is one). */
const lengthOf = (text: string) => [...text].length

/** Plain words for the visitor, as the server words them; null when the value is fine. */
function problemWith(value: unknown, rule: PropertySchema): string | null {
  if (rule.type === 'integer') {
    if (typeof value !== 'number' || !Number.isInteger(value)) return problemWords({ keyword: 'type', type: 'integer' })
    if (rule.minimum !== undefined && value < rule.minimum) return problemWords({ keyword: 'minimum', limit: rule.minimum })
    if (rule.maximum !== undefined && value > rule.maximum) return problemWords({ keyword: 'maximum', limit: rule.maximum })
    return null
  }
  if (typeof value !== 'string') return problemWords({ keyword: 'type', type: 'string' })
  if (rule.minLength !== undefined && lengthOf(value) < rule.minLength) return problemWords({ keyword: 'minLength', limit: rule.minLength })
  if (rule.maxLength !== undefined && lengthOf(value) > rule.maxLength) return problemWords({ keyword: 'maxLength', limit: rule.maxLength })
  if (rule.pattern !== undefined && !new RegExp(rule.pattern, 'u').test(value)) return problemWords({ keyword: 'pattern', pattern: rule.pattern })
  if (rule.enum && !rule.enum.includes(value)) return problemWords({ keyword: 'enum', allowedValues: rule.enum })
  if (rule.format !== undefined && !FIELD_FORMATS[rule.format].pattern.test(value)) return problemWords({ keyword: 'format', format: rule.format })
  return null
}

/** Every invalid payload key with its problem, in schema order; empty when the server will accept it. */
export function checkPayload(form: FormName, payload: Readonly<Record<string, unknown>>): Record<string, string> {
  const schema = payloadSchemas[form]
  const problems: Record<string, string> = {}
  for (const [key, rule] of Object.entries(schema.properties)) {
    if (payload[key] === undefined) {
      if (schema.required.includes(key)) problems[key] = problemWords({ keyword: 'required' })
      continue
    }
    const problem = problemWith(payload[key], rule)
    if (problem) problems[key] = problem
  }
  for (const key of Object.keys(payload)) if (!(key in schema.properties)) problems[key] = problemWords({ keyword: 'additionalProperties' })
  return problems
}
