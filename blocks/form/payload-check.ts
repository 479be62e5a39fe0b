import { FIELD_FORMATS, type BrokenRule } from '../../site/form-rules'
import { payloadSchemaOf, withoutEmptyOptionals, type ChoicesRule, type PayloadRule, type PayloadSchema, type TextRule } from '../../site/form-payload'
import { formDefinition } from './form-definition'

/**
 * The browser's check of a payload against the schema the server validates with ajv (site/form-
 * payload.ts derives both from the form's declaration), with the same formats and words (site/
 * form-rules.ts). The derived schemas use a small part of JSON Schema, so a few lines interpret it
 * here and ajv (~120 KB) stays out of the page; the unit tests compare every verdict with the
 * server's ajv on the same payloads (tests/unit/form-payload-check.test.ts).
 */

const schemas = new Map<string, PayloadSchema>()

/** Derived once per form and page: the declaration does not change while the page is open (a dev reload builds a new page). */
export function payloadSchema(name: string): PayloadSchema {
  let schema = schemas.get(name)
  if (!schema) schemas.set(name, (schema = payloadSchemaOf(name, formDefinition(name))))
  return schema
}

/** Characters as ajv counts them (code points, so an emoji is one). */
const lengthOf = (text: string) => [...text].length

function textProblem(value: unknown, rule: TextRule): BrokenRule | null {
  if (typeof value !== 'string') return { keyword: 'type', type: 'string' }
  if (rule.minLength !== undefined && lengthOf(value) < rule.minLength) return { keyword: 'minLength', limit: rule.minLength }
  if (rule.maxLength !== undefined && lengthOf(value) > rule.maxLength) return { keyword: 'maxLength', limit: rule.maxLength }
  if (rule.pattern !== undefined && !new RegExp(rule.pattern, 'u').test(value)) return { keyword: 'pattern', pattern: rule.pattern }
  if (rule.enum && !rule.enum.includes(value)) return { keyword: 'enum', allowedValues: rule.enum }
  if (rule.format !== undefined && !FIELD_FORMATS[rule.format].valid(value)) return { keyword: 'format', format: rule.format }
  return null
}

function choicesProblem(value: unknown, rule: ChoicesRule): BrokenRule | null {
  if (!Array.isArray(value)) return { keyword: 'type', type: 'array' }
  if (rule.minItems !== undefined && value.length < rule.minItems) return { keyword: 'minItems', limit: rule.minItems }
  if (value.length > rule.maxItems) return { keyword: 'maxItems', limit: rule.maxItems }
  // The server's ajv turns a number, true/false or null into text before comparing (its coerceTypes); a list or object inside is not text.
  if (value.some((item) => typeof item === 'object' && item !== null)) return { keyword: 'type', type: 'string' }
  if (value.some((item) => !rule.items.enum.includes(item === null ? '' : String(item)))) return { keyword: 'enum', allowedValues: rule.items.enum }
  if (new Set(value).size !== value.length) return { keyword: 'uniqueItems' }
  return null
}

/** The rule the value breaks first, as the server's ajv reports it; null when the value is fine. */
function problemWith(value: unknown, rule: PayloadRule): BrokenRule | null {
  switch (rule.type) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return { keyword: 'type', type: 'integer' }
      if (value < rule.minimum) return { keyword: 'minimum', limit: rule.minimum }
      if (value > rule.maximum) return { keyword: 'maximum', limit: rule.maximum }
      return null
    case 'array':
      return choicesProblem(value, rule)
    default:
      return textProblem(value, rule)
  }
}

/** Every invalid payload key with the rule it breaks, in schema order; empty when the server will accept it. */
export function brokenRules(form: string, sent: Readonly<Record<string, unknown>>): Record<string, BrokenRule> {
  const schema = payloadSchema(form)
  const payload = withoutEmptyOptionals(schema, sent)
  const problems: Record<string, BrokenRule> = {}
  for (const [key, rule] of Object.entries(schema.properties)) {
    if (payload[key] === undefined) {
      if (schema.required.includes(key)) problems[key] = { keyword: 'required' }
      continue
    }
    const problem = problemWith(payload[key], rule)
    if (problem) problems[key] = problem
  }
  for (const key of Object.keys(payload)) if (!Object.hasOwn(schema.properties, key)) problems[key] = { keyword: 'additionalProperties' }
  return problems
}
