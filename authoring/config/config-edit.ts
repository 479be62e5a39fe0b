import fs from 'node:fs'
import { applyEdits, findNodeAtLocation, modify, parse, parseTree, type JSONPath } from 'jsonc-parser'

const formatting = { insertSpaces: true, tabSize: 2, eol: '\n' }

/**
 * Sets one value in a JSON file and leaves every other byte of it alone (no reformatting),
 * so a person's hand-made layout and a clean diff survive a tool's edit. A path ending in an
 * array index replaces that item, or with `insert` puts the value before it (the index may be
 * the array's length, to append). A new property goes last in its object.
 */
export function setJsonValue(text: string, path: JSONPath, value: unknown, options: { insert?: boolean } = {}): string {
  if (options.insert) return insertArrayItem(text, path, value)
  const edits = modify(text, path, value, { formattingOptions: formatting })
  return applyEdits(text, edits)
}

/**
 * Inserts an item into a non-empty array as plain text, indented like its neighbours.
 * (jsonc-parser's own insertion re-formats the neighbouring item too, undoing a person's layout.)
 */
function insertArrayItem(text: string, path: JSONPath, value: unknown): string {
  const index = path.at(-1)
  const array = findNodeAtLocation(parseTree(text)!, path.slice(0, -1))
  const items = array?.type === 'array' ? (array.children ?? []) : []
  if (typeof index !== 'number' || items.length === 0) {
    return applyEdits(text, modify(text, path, value, { formattingOptions: formatting, isArrayInsertion: true }))
  }
  const neighbour = items[Math.min(index, items.length - 1)]!
  const before = text.slice(text.lastIndexOf('\n', neighbour.offset) + 1, neighbour.offset)
  // Items on lines of their own get one the same; a one-line list stays on one line.
  const ownLine = /^\s*$/.test(before)
  const separator = ownLine ? `,\n${before}` : ', '
  const item = ownLine ? JSON.stringify(value, null, formatting.tabSize).replaceAll('\n', `\n${before}`) : JSON.stringify(value)
  if (index < items.length) return `${text.slice(0, neighbour.offset)}${item}${separator}${text.slice(neighbour.offset)}`
  const end = neighbour.offset + neighbour.length
  return `${text.slice(0, end)}${separator}${item}${text.slice(end)}`
}

/**
 * Replaces the value at `path` (which must exist) with `value`, as text: the new value is laid out
 * like the file (two spaces per level, starting from the indentation of the line it sits on), and
 * every byte outside the old value stays as it was.
 */
export function replaceJsonValue(text: string, path: JSONPath, value: unknown): string {
  const node = findNodeAtLocation(parseTree(text)!, path)
  if (!node) throw new Error(`Nothing at ${JSON.stringify(path)} to replace.`)
  return `${text.slice(0, node.offset)}${formatValue(value, lineIndent(text, node.offset))}${text.slice(node.offset + node.length)}`
}

/**
 * Removes an object property or an array item with the separator before it (after it, for a
 * first one), leaving the neighbours' layout alone. (jsonc-parser's own removal re-formats the
 * neighbouring item or property.)
 */
export function removeJsonValue(text: string, path: JSONPath): string {
  const parent = findNodeAtLocation(parseTree(text)!, path.slice(0, -1))
  const key = path.at(-1)
  // An object's members are its property nodes (key and value); an array's are its items.
  const members = parent?.children ?? []
  const index = typeof key === 'number' ? key : members.findIndex((member) => member.children?.[0]?.value === key)
  const member = members[index]
  if (!parent || !member) throw new Error(`Nothing at ${JSON.stringify(path)} to remove.`)
  const previous = members[index - 1]
  const next = members[index + 1]
  if (previous) return text.slice(0, previous.offset + previous.length) + text.slice(member.offset + member.length)
  if (next) return text.slice(0, member.offset) + text.slice(next.offset)
  // The only member: the list or object becomes empty.
  return `${text.slice(0, parent.offset)}${parent.type === 'array' ? '[]' : '{}'}${text.slice(parent.offset + parent.length)}`
}

/** The whitespace a line starts with. */
export function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1
  return /^[ \t]*/.exec(text.slice(lineStart))![0]
}

/** A value as JSON laid out like the file, for a place whose line starts with `indent`. */
export function formatValue(value: unknown, indent: string): string {
  return JSON.stringify(value, null, formatting.tabSize).replaceAll('\n', `\n${indent}`)
}

export function readJson<T>(text: string): T {
  return parse(text) as T
}

/** Runs an edit of a file under a lock directory, so two tools never interleave read and write. */
export function editFileLocked(file: string, edit: (text: string) => string): void {
  const lock = `${file}.lock`
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      fs.mkdirSync(lock)
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`${lock} is held by another edit; remove it if no edit is running.`)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50)
    }
  }
  try {
    const before = fs.readFileSync(file, 'utf8')
    const after = edit(before)
    const temp = `${file}.${process.pid}.tmp`
    fs.writeFileSync(temp, after)
    fs.renameSync(temp, file)
  } finally {
    fs.rmdirSync(lock)
  }
}
