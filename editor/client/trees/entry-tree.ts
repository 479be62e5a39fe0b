import { matchingAlternative } from '../schema/alternatives'
import { holdsGroups } from '../form/group-items'
import { itemSummary } from '../form/item-summary'
import type { JsonSchema } from '../schema/json-schema'
import { resolve } from '../schema/schema-refs'
import { alternativesOf, itemLabel, typeOf } from '../schema/schemas'
import { listItemIds } from '../state/item-identity'
import type { JsonPath } from '../state/json-path'

/** The list of entries an entry holds, when its kind holds one: a dropdown's `items`, a footer column's `links`. */
export interface Branch {
  key: string
  /** The list's schema, resolved: which entries it takes, how many. */
  list: JsonSchema
}

/** One entry of a tree (a menu's link, dropdown or sub-menu; a footer's column or link), as one line. */
export interface TreeEntry {
  /** Its stable id (item-identity.ts), which its line keeps while it moves. */
  id: string
  /** Its place from the tree's list: [2] the third entry at the top, [2, 'items', 0] the first under it. */
  place: JsonPath
  value: unknown
  /** As the tree names it: its first words (a link's label, a column's title), else "Link 3". */
  name: string
  /** The schema of the list it is in, resolved. */
  list: JsonSchema
  /** Its own entries' list, when its kind has one. */
  branch?: Branch
  /** The entries it holds, in order. */
  entries: TreeEntry[]
  parent: TreeEntry | null
}

/** The first property of the entry's kind that is a list of groups: the entries it holds. */
export function branchOf(value: unknown, itemSchema: JsonSchema): Branch | undefined {
  const alternatives = alternativesOf(itemSchema)
  const kind = resolve(alternatives ? alternatives[matchingAlternative(alternatives, value)]! : itemSchema)
  for (const [key, property] of Object.entries(kind.properties ?? {})) {
    const list = resolve(property)
    if (typeOf(list) === 'array' && holdsGroups(resolve(list.items ?? {}), key)) return { key, list }
  }
  return undefined
}

const listAt = (holder: unknown, key: string) => {
  const value = holder && typeof holder === 'object' ? (holder as Record<string, unknown>)[key] : undefined
  return Array.isArray(value) ? value : []
}

/**
 * A list of the config as a tree: each item an entry, and the items of an entry's own list of
 * groups (a dropdown's links, a sub-menu's links, a footer column's links) its entries, as deep as
 * the schemas go. Built from the schemas alone: the header menu and the footer need no code of
 * their own.
 */
export function treeEntries(items: unknown[], listSchema: JsonSchema, listName: string, place: JsonPath = [], parent: TreeEntry | null = null): TreeEntry[] {
  const list = resolve(listSchema)
  const itemSchema = resolve(list.items ?? {})
  const ids = listItemIds(items)
  return items.map((value, index) => {
    const branch = branchOf(value, itemSchema)
    const name = itemSummary(value, itemSchema) || `${itemLabel(listName)} ${index + 1}`
    const entry: TreeEntry = { id: ids[index]!, place: [...place, index], value, name, list, branch, entries: [], parent }
    if (branch) entry.entries = treeEntries(listAt(value, branch.key), branch.list, branch.key, [...entry.place, branch.key], entry)
    return entry
  })
}

/** Every entry of the tree by its id, the deeper ones too. */
export function entriesById(entries: TreeEntry[], found = new Map<string, TreeEntry>()): Map<string, TreeEntry> {
  for (const entry of entries) {
    found.set(entry.id, entry)
    entriesById(entry.entries, found)
  }
  return found
}

/** An entry's position among those beside it, from 0. */
export const indexOf = (entry: TreeEntry) => entry.place.at(-1) as number

/** The entries beside it, itself included: its parent's, or the tree's top ones. */
export const siblingsOf = (entry: TreeEntry, top: TreeEntry[]) => entry.parent?.entries ?? top
