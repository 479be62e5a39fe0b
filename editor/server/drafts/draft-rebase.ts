import { isDeepStrictEqual } from 'node:util'
import type { TeamDraft } from '../../../publish/draft-store.ts'
import { applyFieldWrites, fieldKey, fieldWritesBetween, pathsOverlap, type FieldPath, type FieldWrite } from '../../draft-fields.ts'
import { changedParts } from './draft-merge.ts'

export interface RebasedDraft {
  draft: TeamDraft
  /** Fields both the draft and the versions published since its base changed: the draft's words were kept. */
  clashes: FieldPath[]
  /** Fields in a list the versions published since removed, shortened, lengthened or reordered: their place is gone, so they were not written. */
  skipped: FieldPath[]
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The value at `path`, or `absent` when the path leads nowhere. */
function valueAt(config: unknown, path: FieldPath): { value: unknown } | undefined {
  let value = config
  for (const step of path) {
    if (typeof step === 'number' ? !Array.isArray(value) || step >= value.length : !isRecord(value) || !Object.hasOwn(value, step)) return undefined
    value = (value as Record<string | number, unknown>)[step]
  }
  return { value }
}

/** The field as the draft holds it: its value, or removed. */
function draftWrite(config: unknown, path: FieldPath): FieldWrite {
  const found = valueAt(config, path)
  return found ? { path, value: found.value } : { path, removed: true }
}

/** Whether the item at `index` of a list of unchanged length moved: it now stands elsewhere, or another item stands in its place. */
function itemMoved(before: unknown[], after: unknown[], index: number): boolean {
  if (isDeepStrictEqual(before[index], after[index])) return false
  return before.some((item, at) => at !== index && isDeepStrictEqual(item, after[index])) || after.some((item, at) => at !== index && isDeepStrictEqual(item, before[index]))
}

/**
 * Whether `path` runs through a list the published version changed the shape of since `base`:
 * items added or removed (another length), or the item on the path moved. The index would then
 * point at another item, so the draft's field there has no place to go.
 */
function placeGone(base: unknown, current: unknown, path: FieldPath): boolean {
  for (let depth = 0; depth < path.length; depth++) {
    const step = path[depth]
    if (typeof step !== 'number') continue
    const before = valueAt(base, path.slice(0, depth))?.value
    const after = valueAt(current, path.slice(0, depth))?.value
    if (!Array.isArray(before) || !Array.isArray(after)) return !Array.isArray(after)
    if (before.length !== after.length || itemMoved(before, after, step)) return true
  }
  return false
}

/**
 * The draft moved onto the version published now: every field the draft changed (its `fields`)
 * written onto that version's config, so what was published since stays and the draft's own
 * changes come on top. A field the published versions changed too is a clash: the draft's words
 * win, and it is named so someone checks it. `base` is the config the draft was started on, or
 * undefined when that version is no longer kept: then every field of the draft whose published
 * value differs from the draft's counts as a clash, as nobody can tell who changed it.
 */
export function rebaseDraft(draft: TeamDraft, base: unknown, current: { version: string; config: unknown }): RebasedDraft {
  const paths = Object.keys(draft.fields).map((key) => JSON.parse(key) as FieldPath)
  // A field inside another the draft wrote whole (a list it changed) comes with that one.
  const outermost = paths.filter((path) => !paths.some((other) => other.length < path.length && pathsOverlap(other, path)))
  const publishedSince = base === undefined ? undefined : fieldWritesBetween(base, current.config)
  const skipped: FieldPath[] = []
  const clashes: FieldPath[] = []
  const writes: FieldWrite[] = []
  for (const path of outermost.sort((a, b) => a.length - b.length)) {
    if (base !== undefined && placeGone(base, current.config, path)) {
      skipped.push(path)
      continue
    }
    const write = draftWrite(draft.config, path)
    const published = valueAt(current.config, path)
    const same = 'removed' in write ? published === undefined : published !== undefined && isDeepStrictEqual(published.value, write.value)
    const changedSince = publishedSince === undefined || publishedSince.some((since) => pathsOverlap(since.path, path))
    if (changedSince && !same) clashes.push(path)
    writes.push(write)
  }
  const written = applyFieldWrites(current.config, writes)
  skipped.push(...written.skipped)
  const kept = paths.filter((path) => !skipped.some((gone) => pathsOverlap(gone, path)))
  const fields = Object.fromEntries(kept.map((path) => [fieldKey(path), draft.fields[fieldKey(path)]!]))
  return {
    draft: { ...draft, config: written.config, base: current.version, fields, revision: draft.revision + 1, changes: changedParts(written.config, kept) },
    clashes: clashes.filter((path) => !skipped.includes(path)),
    skipped,
  }
}
