import { createContext, useContext, type ComponentType } from 'react'
import type { EditorProblem } from '../api/editor-api'
import type { EditorLanguage } from '../languages/editor-languages'
import type { PictureFieldSupport } from '../media/picture-field-support'
import type { NewRows } from '../state/new-rows'
import { pathKey, type JsonPath } from '../state/json-path'
import type { JsonSchema } from '../schema/json-schema'

/** What every generated field needs besides its schema and value. */
export interface FieldEnvironment {
  change(path: JsonPath, value: unknown): void
  /** Problems by pathKey of the field they are about. */
  problems: Map<string, EditorProblem[]>
  /** Page paths for link fields. */
  routes: { path: string; title: string }[]
  /** Pictures under public/images/, for image fields. */
  images: string[]
  /** The media library, for image fields to upload and to size a picked picture; without it they only pick. */
  pictures?: PictureFieldSupport
  /** Told of new rows and of fields touched in them, which keep a new row's problems quiet until then; without it every problem shows at once. */
  rows?: NewRows
  /** The site's languages (languages/editor-languages.ts); with two or more, a text visitors read gets an input per language. Without it, one. */
  languages?: EditorLanguage[]
}

/** What one generated field is given. */
export interface FieldProps {
  /** The property's name (or its list's name, for an item). */
  name: string
  schema: JsonSchema
  value: unknown
  path: JsonPath
  /** Overrides the label made from the name, e.g. "Card 2". */
  label?: string
  required?: boolean
  /**
   * The field is a screen's whole content (the company, the footer): an object's properties are
   * shown without a group box around them, as the screen's heading already names them.
   */
  bare?: boolean
  /** The object this is a property of, for a field that sets its neighbours too (a picture its width and height). */
  parent?: { schema: JsonSchema; value: Record<string, unknown> }
}

/**
 * An object or list field is also given the field to render each property or item with: SchemaField,
 * handed down by SchemaField itself, so that the recursion needs no import cycle.
 */
interface NestedFieldProps extends FieldProps {
  Field: ComponentType<FieldProps>
}

/**
 * What SchemaField hands the widget it chose (field-widgets.ts): the field with its schema
 * resolved, its label, and the checker's problem at this place.
 */
export interface WidgetProps extends NestedFieldProps {
  label: string
  error?: string
}

export const FieldContext = createContext<FieldEnvironment | null>(null)

export function useFieldEnvironment(): FieldEnvironment {
  const environment = useContext(FieldContext)
  if (!environment) throw new Error('A generated field needs a FieldContext provider around it.')
  return environment
}

/** A problem's words as a field shows them: what is wrong, then what to do. */
export const problemWords = (problem: EditorProblem) => `${problem.message}${problem.hint ? ` ${problem.hint}` : ''}`

/** The checker's words for the problems at exactly this field, as one text, or undefined. */
export function useFieldError(path: JsonPath): string | undefined {
  const problems = useFieldEnvironment().problems.get(pathKey(path))
  return problems?.map(problemWords).join(' ')
}
