import { schemasDir } from '../../authoring/project-paths.ts'
import { readSchemaFiles } from '../../authoring/schemas/schema-files.ts'
import { SCHEMA_BASE_URL } from '../../site/schema-ajv.ts'

type Schema = Record<string, unknown>

/**
 * `"x-editor": "developer"` marks a setting something outside the config must match (a form's
 * payload, its webhook): the editor's screens do not offer it, and only an admin may change it.
 * The browser's hiding it is no rule, so the server compares what a save would change.
 */
const DEVELOPER_ONLY = 'developer'

let files: Map<string, Schema> | undefined
/** The schema files by address, read once: they change only with a new build. */
function schemaFiles(): Map<string, Schema> {
  files ??= new Map([...readSchemaFiles(schemasDir).schemas.values()].map((schema) => [String(schema.$id), schema]))
  return files
}

/** A `$ref` followed from the file at `base`: the schema it names and the file it is in. */
function followRef(ref: string, base: string): { schema: Schema; base: string } | undefined {
  const address = new URL(ref, base)
  const fragment = decodeURIComponent(address.hash.slice(1))
  address.hash = ''
  let schema: unknown = schemaFiles().get(address.href)
  for (const key of fragment.split('/').filter(Boolean)) schema = (schema as Schema | undefined)?.[key]
  return schema && typeof schema === 'object' ? { schema: schema as Schema, base: address.href } : undefined
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The developer's settings a config holds, by their place (a JSON pointer) → the value as JSON.
 * Every alternative of a oneOf or anyOf is followed: a place some alternative marks counts, which
 * errs towards asking for an admin.
 */
function developerValues(schema: Schema, base: string, value: unknown, place: string, found: Map<string, string>): void {
  if (value === undefined) return
  if (schema['x-editor'] === DEVELOPER_ONLY) {
    found.set(place, JSON.stringify(value))
    return
  }
  if (typeof schema.$ref === 'string') {
    const target = followRef(schema.$ref, base)
    if (target) developerValues(target.schema, target.base, value, place, found)
  }
  for (const keyword of ['oneOf', 'anyOf', 'allOf'])
    for (const alternative of (schema[keyword] as Schema[] | undefined) ?? []) developerValues(alternative, base, value, place, found)
  if (Array.isArray(value) && isObject(schema.items)) value.forEach((item, index) => developerValues(schema.items as Schema, base, item, `${place}/${index}`, found))
  if (!isObject(value)) return
  const properties = (schema.properties ?? {}) as Record<string, Schema>
  for (const [key, child] of Object.entries(value)) {
    const childSchema = Object.hasOwn(properties, key) ? properties[key] : isObject(schema.additionalProperties) ? schema.additionalProperties : undefined
    if (childSchema) developerValues(childSchema, base, child, `${place}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`, found)
  }
}

const SITE_SCHEMA = `${SCHEMA_BASE_URL}site.schema.json`

/** The places of developer's settings that differ between two configs (JSON pointers), sorted; none when only what the editor offers changed. */
export function changedDeveloperSettings(before: unknown, after: unknown): string[] {
  const site = schemaFiles().get(SITE_SCHEMA) ?? {}
  const [old, now] = [before, after].map((config) => {
    const found = new Map<string, string>()
    developerValues(site, SITE_SCHEMA, config, '', found)
    return found
  })
  return [...new Set([...old!.keys(), ...now!.keys()])].filter((place) => old!.get(place) !== now!.get(place)).sort()
}
