import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { EditorProblem } from '../api/editor-api'
import { listItemIds } from './item-identity'
import { insertItem, type JsonPath } from './json-path'

/** What a list field tells about its rows: one was added, or a field in one was touched. */
export interface NewRows {
  /** A row just added with its list's Add button, by its item's id (state/item-identity.ts). */
  added(id: string): void
  /** A field at `path` was changed or left: every new row it is in has been touched. */
  touched(path: JsonPath): void
}

/** The ids of the list items `path` passes through in `config`, outermost first. */
function rowsAlong(path: JsonPath, config: unknown): string[] {
  const ids: string[] = []
  let value = config
  for (const key of path) {
    if (Array.isArray(value) && typeof key === 'number') {
      const id = listItemIds(value)[key]
      if (id) ids.push(id)
    }
    value = value && typeof value === 'object' ? (value as Record<string | number, unknown>)[key] : undefined
  }
  return ids
}

/** `items` with a new empty row at the end, which keeps quiet about its problems until it is touched. */
export function appendNewRow<T>(items: T[], item: T, rows: NewRows | undefined): T[] {
  const next = insertItem(items, items.length, item)
  rows?.added(listItemIds(next).at(-1)!)
  return next
}

/**
 * A row just added starts empty, so the checker at once finds its required fields missing: two red
 * errors on a logo nobody has picked yet. As a web form waits until a field is left before saying
 * it is wrong, a new row's problems wait until one of its fields has been changed or left, or
 * until a save is tried (`showAll`): then every problem shows, and the checker has checked them
 * all along. `problems` are the checker's for the draft `config`, less those of untouched new rows.
 */
export function useNewRows(config: unknown, problems: EditorProblem[]) {
  const [untouched, setUntouched] = useState<ReadonlySet<string>>(() => new Set())
  // The callbacks stay the same functions, so the forms' context stays the same and no field re-renders for them.
  const current = useRef(config)
  useEffect(() => {
    current.current = config
  }, [config])

  const added = useCallback((id: string) => setUntouched((ids) => new Set(ids).add(id)), [])
  const touched = useCallback((path: JsonPath) => {
    const rows = rowsAlong(path, current.current)
    setUntouched((ids) => (rows.some((id) => ids.has(id)) ? new Set([...ids].filter((id) => !rows.includes(id))) : ids))
  }, [])
  const showAll = useCallback(() => setUntouched((ids) => (ids.size === 0 ? ids : new Set())), [])
  const rows = useMemo<NewRows>(() => ({ added, touched }), [added, touched])

  const shown = untouched.size === 0 ? problems : problems.filter((problem) => !rowsAlong(problem.path ?? [], config).some((id) => untouched.has(id)))
  // The same problems stay the same array while the draft changes: a new one would re-render every field of the form.
  const [kept, keep] = useState(shown)
  const same = kept.length === shown.length && kept.every((problem, index) => problem === shown[index])
  if (!same) keep(shown)
  return { rows, problems: same ? kept : shown, showAll }
}
