import { SCHEMA_BASE_URL } from '../../site/schema-ajv.ts'
import { isRecord } from '../check/walk.ts'

/**
 * Where a config holds the texts visitors read: every place whose schema says `x-translatable`,
 * found by walking the config beside its schemas. Pure and given the schema files as data (each
 * under its address, site/schema-ajv.ts), so the checker in Node and the editor in the browser
 * find the same places: Node's reading of schemas/ and the editor's bundled copy are both such a map.
 */

export type TextPath = (string | number)[]

export interface TranslatableText {
  path: TextPath
  /** As written; undefined for a text the config leaves to its schema's default (the default language's words). */
  value: unknown
}

type Schema = Record<string, unknown>

/** A schema and the address of the file it is written in, against which its `$ref`s resolve. */
interface Located {
  schema: Schema
  address: string
}

const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value)

function schemaLookup(schemas: ReadonlyMap<string, Schema>) {
  const byAddress = new Map([...schemas.values()].map((schema) => [String(schema.$id), schema]))
  const target = (ref: string, from: string): Located => {
    const absolute = new URL(ref, from)
    const address = absolute.href.split('#')[0]!
    const document = byAddress.get(address)
    if (!document) throw new Error(`Unknown schema reference ${ref} in ${from.slice(SCHEMA_BASE_URL.length)}`)
    const keys = absolute.hash.slice(1).split('/').filter(Boolean).map(decodeURIComponent)
    const schema = keys.reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), document)
    if (!isRecord(schema)) throw new Error(`Unknown schema reference ${ref} in ${from.slice(SCHEMA_BASE_URL.length)}`)
    return { schema, address }
  }
  // Each schema object is resolved once per set of schemas: a config's every block and text asks again.
  const resolved = new WeakMap<Schema, Map<string, Located>>()
  /** The schema with its `$ref`s followed; what the referring schema says itself wins, as in the editor's forms. */
  const resolve = ({ schema, address }: Located): Located => {
    if (typeof schema.$ref !== 'string') return { schema, address }
    const known = resolved.get(schema)?.get(address)
    if (known) return known
    const { $ref, ...own } = schema
    const found = resolve(target($ref, address))
    const located = { schema: { ...found.schema, ...own }, address: found.address }
    resolved.set(schema, (resolved.get(schema) ?? new Map<string, Located>()).set(address, located))
    return located
  }
  return { root: (relative: string): Located => ({ schema: schemas.get(relative)!, address: SCHEMA_BASE_URL + relative }), resolve }
}

const lookups = new WeakMap<ReadonlyMap<string, Schema>, ReturnType<typeof schemaLookup>>()

/** schemaLookup, made once per set of schemas (the checker's are read once per process, the editor's bundled once). */
function lookupOf(schemas: ReadonlyMap<string, Schema>): ReturnType<typeof schemaLookup> {
  let lookup = lookups.get(schemas)
  if (!lookup) lookups.set(schemas, (lookup = schemaLookup(schemas)))
  return lookup
}

/** Of an anyOf/oneOf, the alternative a value is: one whose type and constants it matches (a block by its `type`), else the first. */
function alternativeFor(alternatives: Located[], value: unknown, resolve: (located: Located) => Located): Located {
  const fits = (located: Located) => {
    const { schema } = resolve(located)
    if (schema.type !== undefined && ![schema.type].flat().includes(jsonType(value)) && !(jsonType(value) === 'number' && schema.type === 'integer')) return false
    if (!isRecord(value) || !isRecord(schema.properties)) return true
    return Object.entries(schema.properties).every(([key, property]) => !(key in value) || !isRecord(property) || property.const === undefined || property.const === value[key])
  }
  return resolve(alternatives.find(fits) ?? alternatives[0]!)
}

/** Every translatable text of a config, in file order, with the texts it leaves to the schemas' defaults. */
export function translatableTexts(config: unknown, schemas: ReadonlyMap<string, Schema>): TranslatableText[] {
  const { root, resolve } = lookupOf(schemas)
  const found: TranslatableText[] = []
  const visit = (at: Located, value: unknown, path: TextPath) => {
    let here = resolve(at)
    const alternatives = (here.schema.oneOf ?? here.schema.anyOf) as Schema[] | undefined
    if (alternatives)
      here = alternativeFor(
        alternatives.map((schema) => ({ schema, address: here.address })),
        value,
        resolve,
      )
    const { schema, address } = here
    if (schema['x-translatable'] === true) {
      found.push({ path, value })
      return
    }
    if (Array.isArray(value) && isRecord(schema.items)) {
      value.forEach((item, index) => visit({ schema: schema.items as Schema, address }, item, [...path, index]))
      return
    }
    if (!isRecord(value)) return
    const properties = isRecord(schema.properties) ? (schema.properties as Record<string, Schema>) : {}
    for (const [key, property] of Object.entries(properties)) {
      const child = { schema: property, address }
      if (key in value) visit(child, value[key], [...path, key])
      else leftToDefaults(child, [...path, key])
    }
    if (isRecord(schema.additionalProperties)) {
      for (const [key, child] of Object.entries(value)) if (!(key in properties)) visit({ schema: schema.additionalProperties, address }, child, [...path, key])
    }
  }
  /** A text the config does not write but its schema gives a default for, or a group of such texts defaulting to `{}` (texts.header). */
  const leftToDefaults = (at: Located, path: TextPath) => {
    const { schema } = resolve(at)
    if (schema['x-translatable'] === true && typeof schema.default === 'string') found.push({ path, value: undefined })
    else if (isRecord(schema.default) && Object.keys(schema.default).length === 0) visit(at, {}, path)
  }
  visit(root('site.schema.json'), config, [])
  return found
}
