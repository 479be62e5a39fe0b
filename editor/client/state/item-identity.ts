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
