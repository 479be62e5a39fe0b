import { getLocation } from 'jsonc-parser'
import { writeChanges } from '../../authoring/config/config-changes.ts'
import { checkConfigText, type Problem, type ValidateOptions } from '../../authoring/check/index.ts'
import type { EditorProblem } from './editor-document.ts'

/**
 * The editor's config written onto the text it started from (every untouched byte kept), and the
 * checker's problems with it, each with its place in the config so the editor shows it on its
 * field. The same for the file under `npm run dev` and for a published version.
 */
export function checkedText(baseText: string, config: unknown, label: string, options: ValidateOptions): { text: string; problems: EditorProblem[] } {
  const text = writeChanges(baseText, config)
  const { problems } = checkConfigText(text, label, options)
  const lineStarts = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1)
  const pathAt = (problem: Problem) => getLocation(text, (lineStarts[problem.line - 1] ?? 0) + problem.column - 1).path
  return { text, problems: problems.map((problem) => ({ ...problem, path: pathAt(problem) })) }
}
