/**
 * The parts of a JSON Schema (draft-07) the editor reads. The schemas are loaded by schema-refs.ts;
 * a block type is editable as soon as its schema file exists.
 */
export interface JsonSchema {
  type?: string | string[]
  title?: string
  description?: string
  enum?: (string | number)[]
  const?: unknown
  default?: unknown
  properties?: Record<string, JsonSchema>
  additionalProperties?: boolean | JsonSchema
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  minItems?: number
  maxItems?: number
  minimum?: number
  maximum?: number
  maxLength?: number
  pattern?: string
  examples?: unknown[]
  $ref?: string
  /** The input the editor shows for this property when its type alone does not say (widget-choice.ts). */
  'x-editor'?: string
  /** A text visitors read: in a site of several languages it may be given per language (site/languages.ts). */
  'x-translatable'?: boolean
}
