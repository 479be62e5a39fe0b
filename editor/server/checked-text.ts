import { writeChanges } from '../../authoring/config/config-changes.ts'
import { checkConfigText, locationPaths, type ValidateOptions } from '../../authoring/check/index.ts'
import type { CheckedDraft } from './editor-document.ts'

/**
 * The editor's config written onto the text it started from (every untouched byte kept), and the
 * checker's problems with it (the first SHOWN_PROBLEMS; `problemCount` says how many there are in
 * all), each with its place in the config so the editor shows it on its field. The same for the
 * file under `npm run dev` and for a published version. Runs in the checker's thread
 * (checker-thread.ts), never on the server's event loop.
 */
export function checkedText(baseText: string, config: unknown, label: string, options: ValidateOptions): CheckedDraft {
  const text = writeChanges(baseText, config)
  const { problems, problemCount } = checkConfigText(text, label, options)
  const lineStarts = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1)
  // Every problem's place in one reading of the text, not one reading per problem.
  const paths = locationPaths(
    text,
    problems.map((problem) => (lineStarts[problem.line - 1] ?? 0) + problem.column - 1),
  )
  return { text, problems: problems.map((problem, index) => ({ ...problem, path: paths[index] ?? [] })), problemCount }
}
