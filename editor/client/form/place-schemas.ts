import { siteSchema } from '../schema/config-schema'
import type { JsonPath } from '../state/json-path'
import { matchingAlternative } from '../schema/alternatives'
import type { JsonSchema } from '../schema/json-schema'
import { resolve } from '../schema/schema-refs'
import { alternativesOf } from '../schema/schemas'
import { isDeveloperSetting } from './widget-choice'

/** The schema a value is, as its form shows it: resolved and, of an anyOf/oneOf (a block, a menu entry), the alternative the value is (form/AlternativesField.tsx). */
export function schemaOfValue(schema: JsonSchema, value: unknown): JsonSchema {
  const resolved = resolve(schema)
  const alternatives = alternativesOf(resolved)
  if (!alternatives) return resolved
  return schemaOfValue(alternatives[matchingAlternative(alternatives, value)] ?? {}, value)
}

/** The schema of what sits at `key` in a value of `schema` (as schemaOfValue chose it): a list's items, an object's property or its named entries; undefined when it has none. */
export function childSchema(schema: JsonSchema, key: string | number): JsonSchema | undefined {
  if (typeof key === 'number') return schema.items
  return schema.properties?.[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined)
}

/** Whether a place in the config is, or is inside, a setting only the site's developer changes: no screen of the editor offers it. */
export function isDeveloperPlace(path: JsonPath, config: unknown): boolean {
  let schema: JsonSchema | undefined = siteSchema
  let value = config
  for (const key of [...path, undefined]) {
    const here = schemaOfValue(schema, value)
    if (isDeveloperSetting(here)) return true
    if (key === undefined) return false
    schema = childSchema(here, key)
    if (!schema) return false
    value = (value as Record<string | number, unknown> | undefined)?.[key]
  }
  return false
}
