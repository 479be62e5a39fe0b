import { isDeepStrictEqual } from 'node:util'
import { findNodeAtLocation, parse, parseTree, type JSONPath, type Node } from 'jsonc-parser'
import { formatValue, lineIndent, removeJsonValue, replaceJsonValue, setJsonValue } from './config-edit.ts'

/**
 * The text of a JSON file changed to hold `next`, edited only where `next` differs from what the
 * text holds now: a changed text replaces just that string, a removed property takes just its
 * line, a new one goes where `next` has it among its neighbours, a moved or duplicated array item
 * keeps its own text. So a person's layout, the key order
 * and every untouched line survive a save from the visual editor byte for byte.
 */
export function writeChanges(text: string, next: unknown): string {
  const edits: Edit[] = []
  collectEdits(parse(text), next, [], edits)
  // Collected so that an edit never moves the path of a later one (see collectEdits).
  return edits.reduce((result, edit) => edit(result), text)
}

type Edit = (text: string) => string

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Array items are visited last to first, so an edit only shifts the items already done. */
function collectEdits(old: unknown, next: unknown, path: JSONPath, edits: Edit[]): void {
  if (isDeepStrictEqual(old, next)) return
  if (isRecord(old) && isRecord(next)) {
    // Own keys only: with `in`, a key the sender chose such as "constructor", "toString" or
    // "__proto__" was taken for a property the text has (Object.prototype's), and the edit of that
    // missing property failed (a 500 from the editor's API); as a new property it is written, and
    // the checker refuses it by name.
    for (const key of Object.keys(old)) if (!Object.hasOwn(next, key)) edits.push((text) => removeJsonValue(text, [...path, key]))
    for (const [key, value] of Object.entries(next)) {
      if (Object.hasOwn(old, key)) collectEdits(old[key], value, [...path, key], edits)
      else edits.push((text) => setJsonValue(text, [...path, key], value, { keyOrder: Object.keys(next) }))
    }
    return
  }
  if (Array.isArray(old) && Array.isArray(next) && old.length > 0) return collectArrayEdits(old, next, path, edits)
  edits.push((text) => replaceJsonValue(text, path, next))
}

/**
 * The items both ends share stay untouched; in between, a run of the same length where nothing
 * moved is edited item by item, and anything else (an insertion, removal, move or duplicate)
 * rewrites just that run, reusing the original text of every item that is unchanged.
 */
function collectArrayEdits(old: unknown[], next: unknown[], path: JSONPath, edits: Edit[]): void {
  let prefix = 0
  while (prefix < old.length && prefix < next.length && isDeepStrictEqual(old[prefix], next[prefix])) prefix++
  let suffix = 0
  const room = Math.min(old.length, next.length) - prefix
  while (suffix < room && isDeepStrictEqual(old[old.length - 1 - suffix], next[next.length - 1 - suffix])) suffix++
  const oldRun = old.slice(prefix, old.length - suffix)
  const newRun = next.slice(prefix, next.length - suffix)
  const moved = newRun.some((item, i) => oldRun.some((candidate, j) => j !== i && isDeepStrictEqual(candidate, item)))
  if (oldRun.length === newRun.length && !moved) {
    for (let i = newRun.length - 1; i >= 0; i--) collectEdits(oldRun[i], newRun[i], [...path, prefix + i], edits)
    return
  }
  if (newRun.length === 0) {
    for (let i = oldRun.length - 1; i >= 0; i--) edits.push((text) => removeJsonValue(text, [...path, prefix + i]))
    return
  }
  edits.push((text) => spliceItems(text, path, prefix, oldRun.length, newRun, old))
}

/** Replaces `count` items from `start` with `items`, as text laid out like the list's own. */
function spliceItems(text: string, path: JSONPath, start: number, count: number, items: unknown[], oldItems: unknown[]): string {
  const children = findNodeAtLocation(parseTree(text)!, path)!.children!
  const neighbour = children[Math.min(start, children.length - 1)]!
  const ownLine = /^\s*$/.test(text.slice(text.lastIndexOf('\n', neighbour.offset) + 1, neighbour.offset))
  const indent = lineIndent(text, neighbour.offset)
  const separator = children.length > 1 ? between(text, children[0]!, children[1]!) : ownLine ? `,\n${indent}` : ', '
  const pieces = items.map((item) => {
    const same = oldItems.findIndex((candidate) => isDeepStrictEqual(candidate, item))
    if (same >= 0) return text.slice(children[same]!.offset, children[same]!.offset + children[same]!.length)
    return ownLine ? formatValue(item, indent) : JSON.stringify(item)
  })
  const joined = pieces.join(separator)
  if (count > 0) {
    const last = children[start + count - 1]!
    return `${text.slice(0, children[start]!.offset)}${joined}${text.slice(last.offset + last.length)}`
  }
  if (start < children.length) return `${text.slice(0, neighbour.offset)}${joined}${separator}${text.slice(neighbour.offset)}`
  const end = neighbour.offset + neighbour.length
  return `${text.slice(0, end)}${separator}${joined}${text.slice(end)}`
}

const between = (text: string, a: Node, b: Node) => text.slice(a.offset + a.length, b.offset)
