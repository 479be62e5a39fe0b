import { matchingAlternative } from '../schema/alternatives'
import type { JsonSchema } from '../schema/json-schema'
import { resolve } from '../schema/schema-refs'
import { alternativesOf, typeOf } from '../schema/schemas'

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A property a person writes in words: a text or a prose field, not a picture, icon, link, colour or choice. */
function isWords(property: JsonSchema): boolean {
  const schema = resolve(property)
  const input = schema['x-editor']
  return typeOf(schema) === 'string' && !schema.enum && schema.const === undefined && (input === undefined || input === 'textarea')
}

/**
 * What tells an item of a list from the others on the one line it is folded to: the first words
 * written in it, in its schema's order (a card's title, a link's label, a logo's alt text, a form
 * field's name); a text item is its own summary. Empty when nothing is written yet.
 */
export function itemSummary(value: unknown, schema: JsonSchema): string {
  if (typeof value === 'string') return value.trim()
  if (!isObject(value)) return ''
  const alternatives = alternativesOf(resolve(schema))
  const own = resolve(alternatives ? alternatives[matchingAlternative(alternatives, value)]! : schema)
  for (const [key, property] of Object.entries(own.properties ?? {})) {
    const text = value[key]
    if (typeof text === 'string' && text.trim() && isWords(property)) return text.trim()
  }
  return ''
}
