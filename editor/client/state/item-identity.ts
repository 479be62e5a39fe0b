/**
 * Stable ids for the items of the config's lists while they are edited, so React keeps each row's
 * state (focus, an open dropdown, a drag) with its item and not with its position. Nothing of it is
 * written into the config: the ids live in weak maps beside the values.
 *
 * Two maps, because a list may hold texts, which cannot be keys of a WeakMap:
 * - each list (array object) → the ids of its positions. Every edit makes a new array (setIn, a
 *   move, a removal), and the edit hands the old array's ids on to it (carryListIds); undo and
 *   redo bring back array objects the history kept, whose ids are still here.
 * - each item object → its id, for a list no edit of ours made (filtered, spliced or built by
 *   other code): an item object keeps its id, as the history shares untouched objects.
 * A list neither map knows (the config as loaded, a page added by the server) gets new ids. A
 * duplicate is a new object, so it gets an id of its own, even when it equals its original.
 */

const listIds = new WeakMap<readonly unknown[], string[]>()
const objectIds = new WeakMap<object, string>()
let counter = 0
const newId = () => `item-${++counter}`

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null

/** The ids of a list's items, one per position, the same for as long as the item stays the same item. */
export function listItemIds(list: readonly unknown[]): string[] {
  const known = listIds.get(list)
  if (known && known.length === list.length) return known
  const taken = new Set<string>()
  const ids = list.map((item) => {
    const own = isObject(item) ? objectIds.get(item) : undefined
    // One object twice in a list still makes two rows.
    const id = own && !taken.has(own) ? own : newId()
    taken.add(id)
    if (isObject(item) && !own) objectIds.set(item, id)
    return id
  })
  return remember(list, ids)
}

function remember(list: readonly unknown[], ids: string[]): string[] {
  listIds.set(list, ids)
  list.forEach((item, index) => {
    if (isObject(item) && !objectIds.has(item)) objectIds.set(item, ids[index]!)
  })
  return ids
}

/**
 * Gives `next` the ids `previous` had, position by position (`order` says, for each position of
 * `next`, which position of `previous` it came from; -1 for a new item). Used by every edit that
 * makes a list from a list, and by setIn for the copies it makes on the way to an edited value.
 */
export function carryListIds(previous: readonly unknown[], next: readonly unknown[], order: number[] = next.map((_, index) => index)): void {
  const before = listItemIds(previous)
  remember(
    next,
    order.map((from) => (from >= 0 && from < before.length ? before[from]! : newId())),
  )
}

/** The copy of an object made by an edit inside it is the same item, with the same id. */
export function carryObjectId(previous: unknown, next: unknown): void {
  if (!isObject(previous) || !isObject(next) || Array.isArray(next)) return
  const id = objectIds.get(previous)
  if (id !== undefined && !objectIds.has(next)) objectIds.set(next, id)
}

const isRecord = (value: unknown): value is Record<string, unknown> => isObject(value) && !Array.isArray(value)

function equalJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => equalJson(item, b[index]))
  if (!isRecord(a) || !isRecord(b)) return false
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && equalJson(a[key], b[key]))
}

/**
 * `next`, a config made elsewhere (the team draft as the server sends it back: all new objects),
 * made of `previous`'s own objects wherever it equals them, so React redraws only what changed and
 * every row keeps its state: a changed object keeps its id, and a list's items keep theirs, found
 * by equal value (an item someone else moved or left in place), else by position in a list of the
 * same length (an item someone changed). An item found neither way is new.
 */
export function keepIdentities<T>(previous: unknown, next: T): T {
  if (previous === next) return next
  if (Array.isArray(previous) && Array.isArray(next)) return keepListIdentities(previous, next) as T
  if (!isRecord(previous) || !isRecord(next)) return next
  const copy: Record<string, unknown> = {}
  let same = Object.keys(previous).length === Object.keys(next).length
  for (const [key, value] of Object.entries(next)) {
    copy[key] = Object.hasOwn(previous, key) ? keepIdentities(previous[key], value) : value
    same &&= Object.hasOwn(previous, key) && copy[key] === previous[key]
  }
  if (same) return previous as T
  carryObjectId(previous, copy)
  return copy as T
}

function keepListIdentities(previous: readonly unknown[], next: readonly unknown[]): readonly unknown[] {
  const order = next.map((item, index) => (index < previous.length && equalJson(previous[index], item) ? index : -1))
  const taken = new Set(order.filter((from) => from >= 0))
  order.forEach((from, index) => {
    if (from >= 0) return
    const moved = previous.findIndex((item, other) => !taken.has(other) && equalJson(item, next[index]))
    const changed = previous.length === next.length && !taken.has(index) ? index : -1
    order[index] = moved >= 0 ? moved : changed
    if (order[index] >= 0) taken.add(order[index])
  })
  const list = next.map((item, index) => (order[index]! >= 0 ? keepIdentities(previous[order[index]!], item) : item))
  if (list.length === previous.length && list.every((item, index) => item === previous[index])) return previous
  const before = listItemIds(previous)
  const used = new Set<string>()
  const ids = list.map((item, index) => {
    const own = order[index]! >= 0 ? before[order[index]!] : isObject(item) ? objectIds.get(item) : undefined
    const id = own && !used.has(own) ? own : newId()
    used.add(id)
    return id
  })
  remember(list, ids)
  return list
}
