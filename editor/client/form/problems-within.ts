import type { EditorProblem } from '../api/editor-api'
import type { JsonPath } from '../state/json-path'

/** Whether `path` is `within` or a place inside it. */
export const isWithin = (path: JsonPath, within: JsonPath) => within.every((key, index) => path[index] === key)

/**
 * The checker's problems at a place and everywhere inside it, for a part that is folded away (a
 * list's item shown as one line, a menu entry whose form is closed) to say it holds some.
 */
export function problemsWithin(problems: Map<string, EditorProblem[]>, path: JsonPath): EditorProblem[] {
  return [...problems.values()].flat().filter((problem) => isWithin(problem.path, path))
}
