import { getLocation } from 'jsonc-parser'
import { writeChanges } from '../../authoring/config/config-changes.ts'
import { checkConfigText, type Problem, type ValidateOptions } from '../../authoring/check/index.ts'
import type { CheckedDraft } from './editor-document.ts'

/**
 * The problems an answer lists, most important first; the count says how many there are in all.
 * More than the editor can usefully show on its fields, and each costs a walk of the text to find
 * its field, so a draft broken in thousands of places answers no slower than one broken in a few.
 */
export const PROBLEMS_LISTED = 100

/**
 * The editor's config written onto the text it started from (every untouched byte kept), and the
 * checker's problems with it, each with its place in the config so the editor shows it on its
 * field. The same for the file under `npm run dev` and for a published version. Runs in the
 * checker's thread (checker-thread.ts), never on the server's event loop.
 */
export function checkedText(baseText: string, config: unknown, label: string, options: ValidateOptions): CheckedDraft {
  const text = writeChanges(baseText, config)
  const { problems } = checkConfigText(text, label, options)
  const lineStarts = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1)
  const pathAt = (problem: Problem) => getLocation(text, (lineStarts[problem.line - 1] ?? 0) + problem.column - 1).path
  return { text, problems: problems.slice(0, PROBLEMS_LISTED).map((problem) => ({ ...problem, path: pathAt(problem) })), problemCount: problems.length }
}
