import type { JsonSchema } from '../schema/json-schema'
import { alternativesOf, typeOf } from '../schema/schemas'

/**
 * The inputs a schema can ask for with `"x-editor"`, for a value whose JSON type alone does not
 * say how a person should edit it. Without an `x-editor` the type chooses (widgetFor, below).
 */
export const EDITOR_INPUTS = {
  /** Prose of a sentence or more: a text area that grows with the text. */
  textarea: 'string',
  /** An icon name from the site's icon set, shown as a searchable list with each icon drawn. */
  icon: 'string',
  /** Where a link leads: the site's pages to pick from, or any address typed in. */
  link: 'string',
  /** A picture under public/images/, picked from a list with thumbnails. */
  image: 'string',
  /** A colour as a six-digit hex code: a picker, with the colour's lighter and darker shades as swatches. */
  color: 'string',
} as const satisfies Record<string, string>

type EditorInput = keyof typeof EDITOR_INPUTS

/**
 * `"x-editor": "developer"`: a setting only the site's developer should change, because something
 * outside the config must match it (the server's API key, the address the site is served at) or
 * a wrong value breaks what visitors send. The editor's forms do not offer it, find and replace
 * passes it by; the checker still checks it, and a save keeps it as the file has it.
 */
const DEVELOPER_ONLY = 'developer'

export const isDeveloperSetting = (schema: JsonSchema) => schema['x-editor'] === DEVELOPER_ONLY

/** Every field component there is: the `x-editor` inputs, one per kind of JSON value, and none for a developer's setting. */
export type WidgetName = EditorInput | typeof DEVELOPER_ONLY | 'const' | 'enum' | 'string' | 'number' | 'boolean' | 'object' | 'array' | 'alternatives'

const isEditorInput = (name: string): name is EditorInput => Object.hasOwn(EDITOR_INPUTS, name)

/**
 * The field component for a (resolved) schema. `where` names the property in the error when the
 * schema asks for an input the editor does not have, or one that cannot edit its type: such a
 * schema is a mistake to fix in schemas/, not something to paper over with a plain text box.
 */
export function widgetFor(schema: JsonSchema, where: string): WidgetName {
  const requested = schema['x-editor']
  if (requested === DEVELOPER_ONLY) return DEVELOPER_ONLY
  if (requested !== undefined) {
    if (!isEditorInput(requested)) {
      throw new Error(
        `${where}: the schema asks for "x-editor": "${requested}", which the editor does not have. Use one of ${Object.keys(EDITOR_INPUTS).join(', ')}, or ${DEVELOPER_ONLY} for a setting the editor does not offer.`,
      )
    }
    const type = typeOf(schema)
    if (type !== EDITOR_INPUTS[requested]) {
      throw new Error(`${where}: "x-editor": "${requested}" edits a ${EDITOR_INPUTS[requested]}, but the schema's type is ${type ?? 'not given'}.`)
    }
    return requested
  }
  if (schema.const !== undefined) return 'const'
  if (alternativesOf(schema)) return 'alternatives'
  if (schema.enum) return 'enum'
  switch (typeOf(schema)) {
    case 'object':
      return 'object'
    case 'array':
      return 'array'
    case 'boolean':
      return 'boolean'
    case 'integer':
    case 'number':
      return 'number'
    default:
      return 'string'
  }
}
