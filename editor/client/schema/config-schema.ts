import type { JsonSchema } from './json-schema'
import { resolve, schemaFile } from './schema-refs'
import type { JsonPath } from '../state/json-path'

/** The whole config's schema, the root every screen's part is found under. */
export const siteSchema: JsonSchema = schemaFile('site.schema.json') ?? {}

/** The schema of the property at `path` (object keys from the top: ['site', 'theme']), as written where it is used; undefined when there is none. */
export function schemaAt(path: JsonPath): JsonSchema | undefined {
  return path.reduce<JsonSchema | undefined>((schema, key) => (schema ? resolve(schema).properties?.[key] : undefined), siteSchema)
}

/** Whether the object holding the property at `path` requires it. */
export function isRequiredAt(path: JsonPath): boolean {
  const holder = schemaAt(path.slice(0, -1))
  return Boolean(holder && resolve(holder).required?.includes(String(path.at(-1))))
}

/** The value at `path`, or undefined when the config leaves it (or a group above it) out. */
export function valueAt(config: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string | number, unknown>)[key] : undefined), config)
}
