/** A place in the config, as a list of keys and indexes: ['routes', 3, 'blocks', 0, 'heading']. */
export type JsonPath = (string | number)[]

/**
 * A copy of `value` with `next` at `path`, sharing every untouched branch (so React sees what
 * changed), making any missing object or list on the way. `undefined` removes an object key, which
 * is how an optional field is cleared.
 */
export function setIn<T>(value: T, path: JsonPath, next: unknown): T {
  if (path.length === 0) return next as T
  const [key, ...rest] = path as [string | number, ...JsonPath]
  // A group the file leaves out (texts before any word is changed) is made on the way to the value.
  if (value === undefined || value === null) return next === undefined ? value : setIn((typeof key === 'number' ? [] : {}) as T, path, next)
  const child = setIn((value as Record<string | number, unknown>)[key], rest, next)
  if (Array.isArray(value)) return value.map((item, index) => (index === key ? child : item)) as T
  const copy = { ...(value as Record<string, unknown>) }
  if (child === undefined) delete copy[key]
  else copy[key] = child
  return copy as T
}

export const pathKey = (path: JsonPath) => JSON.stringify(path)

export const samePath = (a: JsonPath, b: JsonPath) => a.length === b.length && a.every((key, index) => key === b[index])

/** Moves the item at `from` to `to` in a copy of the list. */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  const copy = [...items]
  const [item] = copy.splice(from, 1)
  copy.splice(to, 0, item as T)
  return copy
}
