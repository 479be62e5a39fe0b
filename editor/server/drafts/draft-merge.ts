import type { FieldStamp, TeamDraft } from '../../../publish/draft-store.ts'
import { applyFieldWrites, fieldKey, pathsOverlap, type FieldPath, type FieldWrite } from '../../draft-fields.ts'

/** A field someone else saved since the revision a save or a look started from: where, and who. */
export interface OthersField {
  path: FieldPath
  by: string
}

export interface MergedSave {
  draft: TeamDraft
  /** Fields another person saved since the sender's revision: the editor names them in a notice. */
  othersChanged: OthersField[]
  /** Of those, the ones this save wrote over (the later write wins, and both are told). */
  overwritten: OthersField[]
  /** Writes whose place is gone (someone changed the list they were in); not made. */
  skipped: FieldPath[]
}

/** Parts listed in a draft's changes, at most: a draft that changed more says how many more. */
const CHANGES_LISTED = 30

const parsedKeys = (fields: Record<string, FieldStamp>) => Object.keys(fields).map((key) => JSON.parse(key) as FieldPath)

/** The fields another person than `by` saved after `revision`. */
export function othersSince(draft: TeamDraft, revision: number, by: string): OthersField[] {
  return Object.entries(draft.fields).flatMap(([key, stamp]) => (stamp.revision > revision && stamp.by !== by ? [{ path: JSON.parse(key) as FieldPath, by: stamp.by }] : []))
}

/** The pages (by their address in the draft) and the parts of the site the draft's fields are in. */
export function changedParts(config: unknown, paths: FieldPath[]): string[] {
  const routes = (config as { routes?: { path?: unknown }[] } | null)?.routes ?? []
  const parts = new Set<string>()
  for (const [section, index] of paths) {
    if (section !== 'routes') parts.add(`site: ${String(section)}`)
    else if (typeof index !== 'number') parts.add('the list of pages')
    else parts.add(typeof routes[index]?.path === 'string' ? (routes[index].path as string) : `page ${index + 1}`)
  }
  const listed = [...parts].sort()
  return listed.length > CHANGES_LISTED ? [...listed.slice(0, CHANGES_LISTED), `and ${listed.length - CHANGES_LISTED} more`] : listed
}

/**
 * One person's save onto the draft as it is now, field by field: each field they sent is written
 * (a field someone else saved meanwhile is replaced by this later write, and named in
 * `overwritten`), every other field stays as the others left it, and the fields inside a field
 * written whole (a list) are that field's now.
 */
export function mergeSave(draft: TeamDraft, save: { startedFrom: number; writes: FieldWrite[]; by: string; at: string }): MergedSave {
  const othersChanged = othersSince(draft, save.startedFrom, save.by)
  const overwritten = othersChanged.filter((field) => save.writes.some((write) => pathsOverlap(write.path, field.path)))
  const { config, skipped } = applyFieldWrites(draft.config, save.writes)
  const revision = draft.revision + 1
  const fields = { ...draft.fields }
  const made = save.writes.filter((write) => !skipped.includes(write.path))
  for (const write of made) {
    // A field inside the one written is that field's now; a field around it keeps its own stamp.
    for (const key of Object.keys(fields)) {
      const path = JSON.parse(key) as FieldPath
      if (path.length > write.path.length && pathsOverlap(write.path, path)) delete fields[key]
    }
    fields[fieldKey(write.path)] = { revision, by: save.by, at: save.at }
  }
  return {
    draft: { ...draft, config, fields, revision, updatedAt: save.at, updatedBy: save.by, changes: changedParts(config, parsedKeys(fields)) },
    othersChanged,
    overwritten,
    skipped,
  }
}
