/**
 * The editor's check of a draft (editor/server/checked-text.ts): the draft written onto the file's
 * text, checked, and each listed problem given the place in the config where the editor shows it,
 * for drafts far larger and more broken than a person makes.
 */
import fs from 'node:fs'
import path from 'node:path'
import { getLocation } from 'jsonc-parser'
import { describe, expect, it } from 'vitest'
import { SHOWN_PROBLEMS } from '../../authoring/check/index.ts'
import { checkedText } from '../../editor/server/checked-text.ts'
import { draftWithFaults, draftWithUnknownKeys } from '../../scripts/bench/lib/broken-drafts.ts'
import { publicDir, root } from '../../scripts/lib/paths.ts'

const original = fs.readFileSync(path.join(root, 'site.config.json'), 'utf8')
const shipped = JSON.parse(original) as unknown
const checked = (draft: unknown) => checkedText(original, draft, 'site.config.json', { publicDir })

/** The offset of a 1-based line and column. */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0
  for (let at = 1; at < line; at++) offset = text.indexOf('\n', offset) + 1
  return offset + column - 1
}

describe("the editor's check of a draft", () => {
  it('gives each listed problem the path jsonc-parser reads at its place, and counts them all', () => {
    const { text, problems, problemCount } = checked(draftWithFaults(shipped, 1000))
    expect(problemCount).toBe(1000)
    expect(problems).toHaveLength(SHOWN_PROBLEMS)
    for (const problem of problems) expect(problem.path).toEqual(getLocation(text, offsetOf(text, problem.line, problem.column)).path)
    // A misspelt name is shown on the field it was meant to be: its path ends in the name as typed.
    const misspelt = problems.find((problem) => problem.code === 'unknown-property')
    expect(misspelt?.path.at(-1)).toBe(misspelt?.pointer.split('/').at(-1))
  })

  // Generous headroom on purpose: this took hours before the checker and the writing were linear,
  // and takes about a second now; the limit only tells "linear" from "not".
  it('writes and checks a draft with 50,000 unknown properties in seconds, keeping every line of the file', { timeout: 60_000 }, () => {
    const draft = draftWithUnknownKeys(shipped, 50_000)
    const { text, problems, problemCount } = checked(draft)
    expect(JSON.parse(text)).toEqual(draft)
    // Each new property on a line of its own after the site's last one; not a byte of the file changed besides.
    expect(text.replace(/,\n {4}"unknownKey\d+": \d+/g, '')).toBe(original)
    expect(problemCount).toBe(50_000)
    expect(problems.map((problem) => problem.path)).toEqual(Array.from({ length: SHOWN_PROBLEMS }, (_, i) => ['site', `unknownKey${i}`]))
  })
})
