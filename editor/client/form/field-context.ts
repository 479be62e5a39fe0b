import { createContext, useContext } from 'react'
import type { EditorProblem } from '../api'
import { pathKey, type JsonPath } from '../state/json-path'

/** What every generated field needs besides its schema and value. */
export interface FieldEnvironment {
  change(path: JsonPath, value: unknown): void
  /** Problems by pathKey of the field they are about. */
  problems: Map<string, EditorProblem[]>
  /** Page paths for link fields. */
  routes: { path: string; title: string }[]
  /** Pictures under public/images/, for image fields. */
  images: string[]
}

export const FieldContext = createContext<FieldEnvironment | null>(null)

export function useFieldEnvironment(): FieldEnvironment {
  const environment = useContext(FieldContext)
  if (!environment) throw new Error('A generated field needs a FieldContext provider around it.')
  return environment
}

/** The checker's words for the problems at exactly this field, as one text, or undefined. */
export function useFieldError(path: JsonPath): string | undefined {
  const problems = useFieldEnvironment().problems.get(pathKey(path))
  return problems?.map((problem) => `${problem.message}${problem.hint ? ` ${problem.hint}` : ''}`).join(' ')
}
