/** What the editor's forms take from the schemas besides their inputs: block types, starting values, labels. */
import type { JsonSchema } from './json-schema'
import { resolve, schemaFilesIn } from './schema-refs'

export type { JsonSchema }

/** Block type → its schema, in the order of the files (alphabetical). */
export const blockSchemas: Record<string, JsonSchema> = Object.fromEntries(schemaFilesIn('blocks/').map(([file, schema]) => [file.replace('.schema.json', ''), schema]))

export const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type)

/** The alternatives of an `anyOf` or `oneOf`, unresolved, or undefined when the schema has neither. */
export const alternativesOf = (schema: JsonSchema) => schema.anyOf ?? schema.oneOf

/** A value to start a new block with: the schema's first example (a block that shows what it is for), else emptyValue. */
export function startingValue(input: JsonSchema): unknown {
  const schema = resolve(input)
  return schema.examples?.[0] !== undefined ? structuredClone(schema.examples[0]) : emptyValue(schema)
}

/**
 * A value to start a new item, group or alternative with: the least that is valid-shaped, and
 * nothing copied from an example, which a person would take for content to keep (an "Add logo"
 * that starts as the example's Fortinet logo). Defaults, constants and the first of an enum are
 * valid choices and are kept. A text starts empty, so the checker asks for it on its own field;
 * an object's number without a default is left out rather than made up (a logo of 1 × 1
 * pixels), so the checker asks for it too.
 */
export function emptyValue(input: JsonSchema): unknown {
  const schema = resolve(input)
  if (schema.default !== undefined) return structuredClone(schema.default)
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return schema.enum[0]
  const alternatives = alternativesOf(schema)
  if (alternatives?.[0]) return emptyValue(alternatives[0])
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).filter((key) => !isMadeUpNumber(schema.properties?.[key] ?? {})).map((key) => [key, emptyValue(schema.properties?.[key] ?? {})]),
      )
    case 'array':
      return schema.minItems ? Array.from({ length: schema.minItems }, () => emptyValue(schema.items ?? {})) : []
    case 'integer':
    case 'number':
      return schema.minimum ?? 0
    case 'boolean':
      return false
    default:
      return ''
  }
}

/** A number property with no default: any figure put in it would be made up by the editor, so a new object leaves it out. */
const isMadeUpNumber = (property: JsonSchema) => {
  const schema = resolve(property)
  return (typeOf(schema) === 'number' || typeOf(schema) === 'integer') && schema.default === undefined && schema.const === undefined && !schema.enum
}

/** A title written as a type name for the generated TypeScript ("NavDropdown"), not as words for a person. */
export const isTypeName = (title: string) => /^[A-Z][a-z]+[A-Z]/.test(title)

/** A property name as a label: "readTime" → "Read time". */
export function labelFor(name: string, schema: JsonSchema): string {
  if (schema.title && !isTypeName(schema.title)) return schema.title
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The name of one item of a list: "cards" → "Card", "categories" → "Category", "aliases" → "Alias", "addresses" → "Address". */
export function itemLabel(listName: string): string {
  const label = labelFor(listName, {})
  if (label.endsWith('ies')) return `${label.slice(0, -3)}y`
  if (/(ss|x|ch|sh|ias)es$/.test(label)) return label.slice(0, -2)
  return label.replace(/s$/, '')
}
