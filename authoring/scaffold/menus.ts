import type { Navigation } from '../../site/generated/site-config.ts'

type JsonPath = (string | number)[]

/**
 * Where `--menu <name>` adds a link: the JSON path of the matching link list in `navigation`.
 * A name matches a dropdown or sub-menu whose label starts with it, ignoring case
 * ("security" → Services › Security Solutions, "services" → Services, "resources" → Resources).
 */
export function findMenu(navigation: Navigation, name: string): { path: JsonPath; label: string; length: number } | { known: string[] } {
  const wanted = name.toLowerCase()
  const known: string[] = []
  for (const [itemIndex, item] of navigation.items.entries()) {
    if (!('items' in item)) continue
    known.push(item.label)
    for (const [entryIndex, entry] of item.items.entries()) {
      if (!('items' in entry)) continue
      known.push(entry.label)
      if (entry.label.toLowerCase().startsWith(wanted)) {
        return { path: ['navigation', 'items', itemIndex, 'items', entryIndex, 'items'], label: `${item.label} › ${entry.label}`, length: entry.items.length }
      }
    }
    if (item.label.toLowerCase().startsWith(wanted)) return { path: ['navigation', 'items', itemIndex, 'items'], label: item.label, length: item.items.length }
  }
  return { known }
}
