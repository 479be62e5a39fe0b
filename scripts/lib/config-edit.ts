import fs from 'node:fs'
import { applyEdits, findNodeAtLocation, modify, parse, parseTree, type JSONPath } from 'jsonc-parser'

const formatting = { insertSpaces: true, tabSize: 2, eol: '\n' }

/**
 * Sets one value in a JSON file and leaves every other byte of it alone (no reformatting),
 * so a person's hand-made layout and a clean diff survive a tool's edit. A path ending in an
 * array index replaces that item, or with `insert` puts the value before it (the index may be
 * the array's length, to append).
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
