/**
 * A team draft changes field by field (pure, used by the server and the browser alike): the
 * browser sends the fields it changed, the server writes them onto the draft as it is now, and
 * the browser writes its own unsent edits onto what the server answered. So two people editing
 * one draft lose nothing but the same field, where the later write wins and both are told.
 *
 * A field is a value that is not an object: a text, a number, a list whose length changed (a
 * block added, removed or moved changes its list as one field, so the list never ends up with
 * half of each person's order), or a key removed.
 */

export type FieldPath = (string | number)[]

export type FieldWrite = { path: FieldPath; value: unknown } | { path: FieldPath; removed: true }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Keys that would reach an object's prototype rather than its own fields: never a field of a config. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
/** A site config is about 10 levels deep. */
const FIELD_PATH_DEPTH = 32
/** Far longer than any key or text of a config's path. */
const KEY_LENGTH = 200

/** Whether `path` is one a config can hold: short, of own keys and whole indexes, and not the whole draft. */
export function isFieldPath(path: unknown): path is FieldPath {
  return (
    Array.isArray(path) &&
    path.length > 0 &&
    path.length <= FIELD_PATH_DEPTH &&
    path.every(
      (step) =>
        (typeof step === 'number' && Number.isSafeInteger(step) && step >= 0 && step < 100_000) ||
        (typeof step === 'string' && step.length > 0 && step.length <= KEY_LENGTH && !FORBIDDEN_KEYS.has(step)),
    )
  )
}

/** The fields `after` changed against `before`, in an order that writes them back: unchanged subtrees (the same object) are skipped at once. */
export function fieldWritesBetween(before: unknown, after: unknown, path: FieldPath = []): FieldWrite[] {
  if (before === after) return []
  if (isRecord(before) && isRecord(after)) {
    const writes: FieldWrite[] = []
    for (const key of Object.keys(before)) if (!(key in after)) writes.push({ path: [...path, key], removed: true })
    for (const key of Object.keys(after)) writes.push(...fieldWritesBetween(before[key], after[key], [...path, key]))
    return writes
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length)
    return after.flatMap((item, index) => fieldWritesBetween(before[index], item, [...path, index]))
  if (JSON.stringify(before) === JSON.stringify(after)) return []
  return [{ path, value: after }]
}

/** `value` with one field written, copied along the path only; undefined when the path no longer leads anywhere (someone removed its parent). */
function writeOne(value: unknown, write: FieldWrite, depth = 0): { done: unknown } | undefined {
  if (depth === write.path.length) return 'removed' in write ? undefined : { done: write.value }
  const step = write.path[depth]!
  const last = depth === write.path.length - 1
  if (typeof step === 'string' && isRecord(value)) {
    if (last && 'removed' in write) {
      const { [step]: _gone, ...rest } = value
      return { done: rest }
    }
    const child = Object.hasOwn(value, step) ? value[step] : last ? undefined : {}
    const written = writeOne(child, write, depth + 1)
    return written && { done: { ...value, [step]: written.done } }
  }
  if (typeof step === 'number' && Array.isArray(value) && step < value.length && !('removed' in write && last)) {
    const written = writeOne(value[step], write, depth + 1)
    return written && { done: value.map((item, index) => (index === step ? written.done : item)) }
  }
  return undefined
}

/** `config` with the writes made in order; a write whose place is gone (a list of another length now) is left out and named in `skipped`. */
export function applyFieldWrites<T>(config: T, writes: readonly FieldWrite[]): { config: T; skipped: FieldPath[] } {
  let next: unknown = config
  const skipped: FieldPath[] = []
  for (const write of writes) {
    const written = writeOne(next, write)
    if (written) next = written.done
    else skipped.push(write.path)
  }
  return { config: next as T, skipped }
}

/** The person's edits made on top of `from`, written onto `onto` (a newer state of the same draft): the same `onto` when there are none. */
export function rebaseEdits<T>(from: T, local: T, onto: T): T {
  if (from === local) return onto
  return applyFieldWrites(onto, fieldWritesBetween(from, local)).config
}

/** Whether one path lies inside the other (or is it): a write to either changes the other. */
export function pathsOverlap(a: FieldPath, b: FieldPath): boolean {
  const shorter = Math.min(a.length, b.length)
  for (let index = 0; index < shorter; index++) if (a[index] !== b[index]) return false
  return true
}

export const fieldKey = (path: FieldPath): string => JSON.stringify(path)

/**
 * A field as a person finds it in the editor: the page by its address, a block by its number and
 * type, then the field's own keys (`/about › block 2 (hero) › heading`).
 */
export function fieldLabel(config: unknown, path: FieldPath): string {
  const [section, index, inPage, block, ...rest] = path
  const routes = isRecord(config) && Array.isArray(config.routes) ? config.routes : []
  if (section !== 'routes' || typeof index !== 'number') return path.join(' › ')
  const route: unknown = routes[index]
  const page = isRecord(route) && typeof route.path === 'string' ? route.path : `page ${index + 1}`
  if (inPage === undefined) return page
  if (inPage !== 'blocks' || typeof block !== 'number') return [page, inPage, block, ...rest].filter((step) => step !== undefined).join(' › ')
  const blocks = isRecord(route) && Array.isArray(route.blocks) ? route.blocks : []
  const shown: unknown = blocks[block]
  const type = isRecord(shown) && typeof shown.type === 'string' ? ` (${shown.type})` : ''
  return [page, `block ${block + 1}${type}`, ...rest].join(' › ')
}
