import type { SiteConfig } from '../../../site/generated/site-config'
import { blockName } from '../schema/block-names'
import type { JsonSchema } from '../schema/json-schema'
import { childSchema, schemaOfValue } from '../form/place-schemas'
import { resolve, schemaFile } from '../schema/schema-refs'
import { blockSchemas, itemLabel, labelFor } from '../schema/schemas'
import { schemaAt, siteSchema, valueAt } from '../schema/config-schema'
import { screenFor } from '../screens/site-screens'
import type { JsonPath } from '../state/json-path'
import { firstText } from '../languages/translation-value'
import { languageName } from '../../../site/languages'

const routeSchema = schemaFile('defs/route.schema.json') ?? {}

/**
 * A place in the config in the editor's own words, as the screens show it: the page by its title,
 * the block numbered from 1 as the outline lists it, then each field by its form's label and each
 * list item by its name in the form ("Action 1", without the list's own name before it):
 * ['routes', 1, 'blocks', 7, 'actions', 0, 'to'] → About Us › 8. Cta band › Action 1 › To.
 */
export function problemPlace(path: JsonPath, config: SiteConfig): string[] {
  const [section, ...rest] = path
  if (section === undefined) return ['The whole site']
  if (section === 'routes' && typeof rest[0] === 'number') {
    const route = config.routes?.[rest[0]] as SiteConfig['routes'][number] | undefined
    const page = firstText(route?.title) || route?.path || `Page ${rest[0] + 1}`
    const [, blocksKey, blockIndex, ...inBlock] = rest
    if (blocksKey === 'blocks' && typeof blockIndex === 'number') {
      const block = route?.blocks?.[blockIndex]
      if (!block || typeof block.type !== 'string') return [page, `${blockIndex + 1}. Block`]
      return [page, blockName(block, blockIndex), ...fieldLabels(blockSchemas[block.type] ?? {}, block, inBlock)]
    }
    return [page, ...fieldLabels(routeSchema, route, rest.slice(1))]
  }
  // Elsewhere, the site screen that shows it (Theme for site.theme.primaryColor), then its fields.
  const screen = screenFor(path)
  if (screen?.path) return [screen.label, ...fieldLabels(schemaAt(screen.path) ?? {}, valueAt(config, screen.path), path.slice(screen.path.length))]
  const key = String(section)
  const schema = siteSchema.properties?.[key] ?? {}
  return [labelFor(key, resolve(schema)), ...fieldLabels(schema, valueAt(config, [key]), rest)]
}

/** The labels of the fields and items along `path` inside a value of the schema, as the generated form labels them. */
function fieldLabels(input: JsonSchema, value: unknown, path: JsonPath, listName = ''): string[] {
  const [key, ...deeper] = path
  if (key === undefined) return []
  const schema = schemaOfValue(input, value)
  // A text's translation is its language's box in the field (form/TranslatableField.tsx), named by the language's own name.
  if (schema['x-translatable'] === true && typeof key === 'string') return [languageName(key)]
  const child = (value as Record<string | number, unknown> | undefined)?.[key]
  if (typeof key === 'number') {
    // A list's items are named after the list (form/ArrayField.tsx): "cards" → "Card 1".
    return [`${itemLabel(listName)} ${key + 1}`, ...fieldLabels(childSchema(schema, key) ?? {}, child, deeper, listName)]
  }
  const property = childSchema(schema, key) ?? {}
  // A list's own name is left out before one of its items: "Action 1" says it, not "Actions › Action 1".
  const label = typeof deeper[0] === 'number' ? [] : [labelFor(key, resolve(property))]
  return [...label, ...fieldLabels(property, child, deeper, key)]
}
