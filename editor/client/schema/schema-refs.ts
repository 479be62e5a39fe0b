import type { JsonSchema } from './json-schema'
import { SCHEMA_BASE_URL as schemaBase } from '../../../site/schema-ajv.ts'
import { schemaFiles } from '../../schema-files.ts'

/**
 * The editor's `$ref` resolution, all of it in this file. The schema files come from the editor's one
 * reading of schemas/ (editor/schema-files.ts), each under the address the checker gives it, and every
 * `$ref` in them is made absolute against its own file's address once, here: `../defs/link.schema.json`,
 * `link.schema.json` and `#/definitions/dropdown` then need no knowledge of where they were written,
 * and a resolved definition can be handed anywhere. Ajv resolves `$ref`s only inside compiled
 * validators; the form needs the schema objects themselves, merged with what the referring schema
 * says, so this small resolver stays.
 */

/** Values, not schemas: an example or default may hold anything, even a key named `$ref`. */
const valueKeys = new Set(['examples', 'default', 'const', 'enum', 'defaultSnippets'])

function withAbsoluteRefs(node: unknown, address: string): unknown {
  if (Array.isArray(node)) return node.map((item) => withAbsoluteRefs(item, address))
  if (!node || typeof node !== 'object') return node
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === '$ref' && typeof value === 'string') return [key, new URL(value, address).href]
      return [key, valueKeys.has(key) ? value : withAbsoluteRefs(value, address)]
    }),
  )
}

const documents = new Map(
  [...schemaFiles.values()].map((schema) => {
    const address = String(schema.$id)
    return [address, withAbsoluteRefs(schema, address) as JsonSchema]
  }),
)

/** A schema file by its path under schemas/ (`blocks/cardGrid.schema.json`), its `$ref`s made absolute. */
export function schemaFile(relative: string): JsonSchema | undefined {
  return documents.get(schemaBase + relative)
}

/** Every schema file under a folder of schemas/ (`blocks/`), by file path relative to it, alphabetical. */
export function schemaFilesIn(folder: string): [string, JsonSchema][] {
  const prefix = schemaBase + folder
  return [...documents]
    .filter(([address]) => address.startsWith(prefix) && !address.slice(prefix.length).includes('/'))
    .map(([address, schema]): [string, JsonSchema] => [address.slice(prefix.length), schema])
    .sort(([a], [b]) => a.localeCompare(b))
}

/** What an absolute `$ref` points at: a file, or a place inside it (`…/navigation.schema.json#/definitions/dropdown`). */
function target(ref: string): JsonSchema | undefined {
  const [address = '', pointer = ''] = ref.split('#')
  const keys = pointer
    .split('/')
    .filter(Boolean)
    .map((key) => decodeURIComponent(key).replace(/~1/g, '/').replace(/~0/g, '~'))
  return keys.reduce<Record<string, unknown> | undefined>(
    (node, key) => node?.[key] as Record<string, unknown> | undefined,
    documents.get(address) as Record<string, unknown> | undefined,
  ) as JsonSchema | undefined
}

/**
 * The schema with its `$ref` replaced by what it points at, followed until there is no `$ref`;
 * what the referring schema says itself (its description, an x-editor) wins over the definition.
 */
export function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema
  let found = resolved.get(schema)
  if (found) return found
  const definition = target(schema.$ref)
  if (!definition) throw new Error(`Unknown schema reference ${schema.$ref}: no such file under schemas/, or no such place in it.`)
  const { $ref: _ref, ...own } = schema
  found = resolve({ ...definition, ...own })
  resolved.set(schema, found)
  return found
}

/** Each schema resolves to one object, every time: a memoised field (SchemaField) then sees an unchanged schema as unchanged. */
const resolved = new WeakMap<JsonSchema, JsonSchema>()

/** The last part of a `$ref`, as its writer named it: `dropdown` of `…#/definitions/dropdown`, `link` of `…/link.schema.json`. */
export function refName(ref: string): string {
  const [address = '', pointer = ''] = ref.split('#')
  const last = pointer ? pointer.slice(pointer.lastIndexOf('/') + 1) : address.slice(address.lastIndexOf('/') + 1)
  return last.replace(/\.schema\.json$/, '')
}
