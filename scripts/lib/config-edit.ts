import fs from 'node:fs'
import { applyEdits, modify, parse, type JSONPath } from 'jsonc-parser'

const formatting = { insertSpaces: true, tabSize: 2, eol: '\n' }

/**
 * Sets one value in a JSON file and leaves every other byte of it alone (no reformatting),
 * so a person's hand-made layout and a clean diff survive a tool's edit. A path ending in an
 * array index replaces that item, or with `insert` puts the value before it (the index may be
 * the array's length, to append).
 */
export function setJsonValue(text: string, path: JSONPath, value: unknown, options: { insert?: boolean } = {}): string {
  const edits = modify(text, path, value, { formattingOptions: formatting, isArrayInsertion: options.insert === true })
  return applyEdits(text, edits)
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
