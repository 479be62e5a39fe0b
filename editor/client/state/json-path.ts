import { carryListIds, carryObjectId } from './item-identity'

/** A place in the config, as a list of keys and indexes: ['routes', 3, 'blocks', 0, 'heading']. */
export type JsonPath = (string | number)[]

/**
 * A copy of `value` with `next` at `path`, sharing every untouched branch (so React sees what
 * changed), making any missing object or list on the way. `undefined` removes an object key, which
 * is how an optional field is cleared. Each copy on the way keeps the identity of what it copies
 * (item-identity.ts): an edited card is still the same row.
 */
export function setIn<T>(value: T, path: JsonPath, next: unknown): T {
  if (path.length === 0) return next as T
  const [key, ...rest] = path as [string | number, ...JsonPath]
  // A group the file leaves out (texts before any word is changed) is made on the way to the value.
  if (value === undefined || value === null) return next === undefined ? value : setIn((typeof key === 'number' ? [] : {}) as T, path, next)
  const child = setIn((value as Record<string | number, unknown>)[key], rest, next)
  if (Array.isArray(value)) {
    const list = value.map((item, index) => (index === key ? child : item))
    carryListIds(value, list)
    carryObjectId(value[key as number], child)
    return list as T
  }
  const copy = { ...(value as Record<string, unknown>) }
  if (child === undefined) delete copy[key]
  else copy[key] = child
  carryObjectId(value, copy)
  carryObjectId((value as Record<string, unknown> | undefined)?.[key], child)
  return copy as T
}

export const pathKey = (path: JsonPath) => JSON.stringify(path)

export const samePath = (a: JsonPath, b: JsonPath) => a.length === b.length && a.every((key, index) => key === b[index])

/** Moves the item at `from` to `to` in a copy of the list; every item keeps its id. */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  const order = items.map((_, index) => index)
  const [moved] = order.splice(from, 1)
  order.splice(to, 0, moved!)
  const copy = order.map((index) => items[index]!)
  carryListIds(items, copy, order)
  return copy
}

/** A copy of the list without the item at `index`; the others keep their ids. */
export function removeItem<T>(items: T[], index: number): T[] {
  const order = items.map((_, other) => other).filter((other) => other !== index)
  const copy = order.map((other) => items[other]!)
  carryListIds(items, copy, order)
  return copy
}

/** A copy of the list with `item` at `index`, as a new item (a new id, even when it equals another). */
export function insertItem<T>(items: T[], index: number, item: T): T[] {
  const order = items.map((_, other) => other)
  order.splice(index, 0, -1)
  const copy = order.map((other) => (other < 0 ? item : items[other]!))
  carryListIds(items, copy, order)
  return copy
}
