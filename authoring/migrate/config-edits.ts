import { findNodeAtLocation, parseTree, type JSONPath } from 'jsonc-parser'
import { removeJsonValue, replaceJsonValue, setJsonValue } from '../config/config-edit.ts'
import { valueAt } from '../value-at.ts'

/** One change a format step makes: a value set (replaced, or added last in its object) or removed. */
export type ConfigEdit = { path: JSONPath; value: unknown } | { path: JSONPath; remove: true }

/** The config with the edits made, as a new value: the config given is left as it was. */
export function editedConfig(config: unknown, edits: ConfigEdit[]): unknown {
  const copy = structuredClone(config)
  for (const edit of edits) {
    const parent = valueAt(copy, edit.path.slice(0, -1)) as Record<string | number, unknown>
    const key = edit.path.at(-1)!
    if ('remove' in edit) {
      if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1)
      else delete parent[key]
    } else parent[key] = structuredClone(edit.value)
  }
  return copy
}

/**
 * The config's text with the same edits made through the editor's minimal-diff writer: only the
 * lines of what changed change, every other byte (layout, key order, untouched values) stays.
 */
export function editedText(text: string, edits: ConfigEdit[]): string {
  let result = text
  for (const edit of edits) {
    if ('remove' in edit) result = removeJsonValue(result, edit.path)
    else if (findNodeAtLocation(parseTree(result)!, edit.path)) result = replaceJsonValue(result, edit.path, edit.value)
    else result = setJsonValue(result, edit.path, edit.value)
  }
  return result
}

/** A value as a plain object, or undefined when it is not one (a step reads a config of any shape). */
export function objectAt(config: unknown, path: JSONPath): Record<string, unknown> | undefined {
  const value = valueAt(config, path)
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}
