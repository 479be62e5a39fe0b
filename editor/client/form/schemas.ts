/**
 * The JSON Schemas the site is checked against, read by Vite from schemas/ at dev time: a block
 * type is editable as soon as its schema file exists. `$ref`s to the shared definitions are
 * resolved here, and the three that need a picker rather than a plain input are marked.
 */
export interface JsonSchema {
  type?: string | string[]
  title?: string
  description?: string
  enum?: (string | number)[]
  const?: unknown
  default?: unknown
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minItems?: number
  minimum?: number
  maximum?: number
  maxLength?: number
  examples?: unknown[]
  $ref?: string
  /** Set by `resolve` for the shared definitions that get a picker. */
  editorWidget?: 'icon' | 'link' | 'image'
}

const blockFiles = import.meta.glob<JsonSchema>('/schemas/blocks/*.schema.json', { eager: true, import: 'default' })
const definitionFiles = import.meta.glob<JsonSchema>('/schemas/defs/*.schema.json', { eager: true, import: 'default' })

const fileName = (file: string) => file.slice(file.lastIndexOf('/') + 1)
const definitions = new Map(Object.entries(definitionFiles).map(([file, schema]) => [fileName(file), schema]))
const widgets: Record<string, JsonSchema['editorWidget']> = { 'icon.schema.json': 'icon', 'link.schema.json': 'link', 'image.schema.json': 'image' }

/** Block type → its schema, in the order of the files (alphabetical). */
export const blockSchemas: Record<string, JsonSchema> = Object.fromEntries(Object.entries(blockFiles).map(([file, schema]) => [fileName(file).replace('.schema.json', ''), schema]))

/** What a `$ref` points at: a file in schemas/defs, or a definition inside it (`…#/definitions/formName`). */
function definitionAt(ref: string): JsonSchema | undefined {
  const [file = '', pointer = ''] = ref.split('#')
  const keys = pointer.split('/').filter(Boolean)
  return keys.reduce<Record<string, unknown> | undefined>(
    (node, key) => node?.[key] as Record<string, unknown> | undefined,
    definitions.get(fileName(file)) as Record<string, unknown> | undefined,
  ) as JsonSchema | undefined
}

/** The schema with its `$ref` replaced by the definition; the referring schema's own description wins. */
export function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema
  const name = fileName(schema.$ref.split('#')[0] ?? '')
  const definition = definitionAt(schema.$ref)
  if (!definition) throw new Error(`Unknown schema reference ${schema.$ref}: not found in schemas/defs/${name}.`)
  const { $ref: _ref, ...own } = schema
  return { ...definition, ...own, editorWidget: widgets[name] }
}

export const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type)

/** A value to start a new item or block with: the schema's first example, else the least that is valid-shaped. */
export function startingValue(input: JsonSchema): unknown {
  const schema = resolve(input)
  if (schema.examples?.[0] !== undefined) return structuredClone(schema.examples[0])
  if (schema.default !== undefined) return structuredClone(schema.default)
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return schema.enum[0]
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, startingValue(schema.properties?.[key] ?? {})]))
    case 'array':
      return schema.minItems ? Array.from({ length: schema.minItems }, () => startingValue(schema.items ?? {})) : []
    case 'integer':
    case 'number':
      return schema.minimum ?? 0
    case 'boolean':
      return false
    default:
      return ''
  }
}

/** A property name as a label: "readTime" → "Read time". */
export function labelFor(name: string, schema: JsonSchema): string {
  if (schema.title && !/^[A-Z][a-z]+[A-Z]/.test(schema.title)) return schema.title
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The name of one item of a list: "cards" → "Card", "paragraphs" → "Paragraph". */
export function itemLabel(listName: string): string {
  const label = labelFor(listName, {})
  return label.endsWith('ies') ? `${label.slice(0, -3)}y` : label.replace(/s$/, '')
}

const longTextNames = /^(text|intro|description|quote|subtitle|summary|body|answer|message|paragraphs|outline|bio)$/

/** Prose gets a growing text area; names, labels and headings a one-line input. */
export const isLongText = (name: string) => longTextNames.test(name)
