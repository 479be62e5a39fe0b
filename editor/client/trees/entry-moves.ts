import { alternativeLabel, fitsAsItIs, matchingAlternative } from '../schema/alternatives'
import type { JsonSchema } from '../schema/json-schema'
import { resolve } from '../schema/schema-refs'
import { alternativesOf, itemLabel, labelFor } from '../schema/schemas'
import { valueAt } from '../schema/config-schema'
import { moveItem, removeItem, setIn, type JsonPath } from '../state/json-path'
import { indexOf, siblingsOf, type TreeEntry } from './entry-tree'
import type { RowMove } from '../lists/use-moved-row-focus'

/**
 * Where an entry goes: into the entries of `parent` (the tree's top list when null), at `index` of
 * that list as it is once the entry has left its own place.
 */
export interface Spot {
  parent: TreeEntry | null
  index: number
}

/** The tree's top list: its entries, its schema and its name in the config ("items", "columns"). */
export interface TreeTop {
  entries: TreeEntry[]
  list: JsonSchema
  name: string
}

const sameParent = (a: TreeEntry | null, b: TreeEntry | null) => (a?.id ?? null) === (b?.id ?? null)
const listPlaceOf = (parent: TreeEntry | null): JsonPath => (parent ? [...parent.place, parent.branch!.key] : [])
const isInside = (entry: TreeEntry | null, ancestor: TreeEntry): boolean => entry !== null && (entry.id === ancestor.id || isInside(entry.parent, ancestor))

/** The spot a step leads to, or the words for why there is none. */
export function stepSpot(entry: TreeEntry, move: RowMove, top: TreeTop): Spot | string {
  const siblings = siblingsOf(entry, top.entries)
  const index = indexOf(entry)
  switch (move) {
    case 'up':
      return index > 0 ? { parent: entry.parent, index: index - 1 } : `${entry.name} is already the first.`
    case 'down':
      return index < siblings.length - 1 ? { parent: entry.parent, index: index + 1 } : `${entry.name} is already the last.`
    case 'in': {
      const above = siblings[index - 1]
      if (!above) return `${entry.name} is the first: there is no entry above it to go under.`
      return above.branch ? { parent: above, index: above.entries.length } : `${entry.name} cannot go under ${above.name}, which holds no entries.`
    }
    case 'out':
      return entry.parent ? { parent: entry.parent.parent, index: indexOf(entry.parent) + 1 } : `${entry.name} is already at the top level.`
  }
}

/** The spot a drop on `target` leads to (Mantine's Tree: before it, after it, or inside it, last). */
export function dropSpot(entry: TreeEntry, target: TreeEntry, position: 'before' | 'after' | 'inside'): Spot {
  if (position === 'inside') return { parent: target, index: target.entries.length - (sameParent(entry.parent, target) ? 1 : 0) }
  const at = indexOf(target) + (position === 'after' ? 1 : 0)
  return { parent: target.parent, index: at - (sameParent(entry.parent, target.parent) && indexOf(entry) < indexOf(target) ? 1 : 0) }
}

/** What the entry is, as the kind picker names it ("sub menu"), or its list's noun ("column"). */
function kindOf(entry: TreeEntry, listName: string): string {
  const alternatives = alternativesOf(resolve(entry.list.items ?? {}))
  return (alternatives ? alternativeLabel(alternatives[matchingAlternative(alternatives, entry.value)]!, 0) : itemLabel(listName)).toLowerCase()
}

/** The name of the list an entry is in, as the config names it: "items", "links". */
const listNameOf = (entry: TreeEntry, top: TreeTop) => entry.parent?.branch?.key ?? top.name

/**
 * Why the entry cannot go to the spot, in words, or null when it can: it must fit the list there
 * as it is (nothing of it dropped: a sub-menu does not become a top entry), the list must take one
 * more, and the list it leaves must keep as many as its schema asks.
 */
export function refusalOf(entry: TreeEntry, spot: Spot, top: TreeTop): string | null {
  const where = spot.parent ? `into ${spot.parent.name}` : 'to the top level'
  if (spot.parent && isInside(spot.parent, entry)) return `${entry.name} cannot go into itself.`
  if (spot.parent && !spot.parent.branch) return `${entry.name} cannot go into ${spot.parent.name}, which holds no entries.`
  if (sameParent(entry.parent, spot.parent)) return null
  const target = spot.parent ? spot.parent.branch!.list : top.list
  if (!fitsAsItIs(target.items ?? {}, entry.value)) return `${entry.name} cannot go ${where}: a ${kindOf(entry, listNameOf(entry, top))} does not fit there.`
  const count = spot.parent ? spot.parent.entries.length : top.entries.length
  if (target.maxItems !== undefined && count >= target.maxItems) {
    const plural = labelFor(spot.parent ? spot.parent.branch!.key : top.name, {}).toLowerCase()
    return `${entry.name} cannot go ${where}: ${spot.parent ? spot.parent.name : 'the top level'} holds at most ${target.maxItems} ${plural}.`
  }
  const left = siblingsOf(entry, top.entries).length - 1
  if (entry.parent && entry.list.minItems !== undefined && left < entry.list.minItems)
    return `${entry.name} is the only entry of ${entry.parent.name}, which needs one: add another to it first, or remove ${entry.parent.name}.`
  return null
}

/** The words a screen reader hears once the entry moved. */
export function movedWords(entry: TreeEntry, spot: Spot, top: TreeTop): string {
  const count = (spot.parent ? spot.parent.entries.length : top.entries.length) + (sameParent(entry.parent, spot.parent) ? 0 : 1)
  return `${entry.name} moved ${spot.parent ? `into ${spot.parent.name}` : 'at the top level'}: position ${spot.index + 1} of ${count}.`
}

/** The list at a place of the tree's top list ([] is the top list itself). */
const listAt = (items: unknown[], place: JsonPath) => ((place.length === 0 ? items : valueAt(items, place)) as unknown[] | undefined) ?? []
const withList = (items: unknown[], place: JsonPath, list: unknown[]) => (place.length === 0 ? list : setIn(items, place, list))

/** A place as it is once the item at `index` of the list at `list` is taken out: a later sibling's place (or one inside it) moves up by one. */
function afterRemoval(place: JsonPath, list: JsonPath, index: number): JsonPath {
  const position = place[list.length]
  const inside = list.every((key, depth) => place[depth] === key) && typeof position === 'number' && position > index
  return inside ? [...list, position - 1, ...place.slice(list.length + 1)] : place
}

/**
 * The tree's top list with the entry moved to the spot, as one change (one step to undo). Every
 * entry keeps its id, the moved one too (it is the same object), so its line keeps its state.
 */
export function movedEntry(items: unknown[], entry: TreeEntry, spot: Spot): unknown[] {
  const from = entry.place.slice(0, -1)
  const index = indexOf(entry)
  if (sameParent(entry.parent, spot.parent)) return withList(items, from, moveItem(listAt(items, from), index, spot.index))
  const without = withList(items, from, removeItem(listAt(items, from), index))
  const to = afterRemoval(listPlaceOf(spot.parent), from, index)
  const list = [...listAt(without, to)]
  list.splice(spot.index, 0, entry.value)
  return withList(without, to, list)
}
