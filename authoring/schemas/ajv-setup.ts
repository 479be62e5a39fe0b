import { createRequire } from 'node:module'
import type { Ajv as AjvClass, Options, ValidateFunction } from 'ajv'
import type { SchemaFiles } from './schema-files.ts'
import { schemaBaseUrl, SchemaLoadError } from './schema-files.ts'

/**
 * Keywords the VS Code JSON language server reads (completion, hover). They change nothing about
 * what is valid, so they are declared as annotations and strict mode still rejects typos in real
 * keywords.
 */
const editorKeywords = [
  'defaultSnippets',
  'markdownDescription',
  'markdownEnumDescriptions',
  'enumDescriptions',
  'deprecationMessage',
  'errorMessage',
  'doNotSuggest',
  'suggestSortText',
  'allowComments',
  'allowTrailingCommas',
  'x-editor', // the visual editor's input for a property (editor/client/form/widget-choice.ts)
]

// Loaded on demand: a clean config is answered by the cached validator without ajv at all.
const require = createRequire(import.meta.url)

/** An ajv (draft-07) with formats and every schema file registered, not yet compiled. */
export function createAjv(files: SchemaFiles, options: Options): AjvClass {
  const { Ajv } = require('ajv') as typeof import('ajv')
  const addFormats = require('ajv-formats') as typeof import('ajv-formats').default
  const ajv = new Ajv({ discriminator: true, strict: true, strictRequired: false, allowUnionTypes: true, ...options })
  addFormats(ajv)
  for (const keyword of editorKeywords) ajv.addKeyword({ keyword, schemaType: ['object', 'array', 'string', 'boolean', 'number'] })
  for (const [relative, schema] of files.schemas) {
    try {
      ajv.addSchema(schema)
    } catch (error) {
      throw new SchemaLoadError(`schemas/${relative}: ${(error as Error).message}`)
    }
  }
  return ajv
}

/**
 * The validator of the whole config. When compiling fails, each file is compiled on its own to
 * name the one at fault: "schemas/blocks/timeline.schema.json: unknown keyword …" is actionable
 * where ajv's message alone is not.
 */
export function compileSiteValidator(ajv: AjvClass, files: SchemaFiles): ValidateFunction {
  try {
    const validate = ajv.getSchema(schemaBaseUrl + 'site.schema.json')
    if (validate) return validate
  } catch (error) {
    for (const [relative, schema] of files.schemas) {
      try {
        ajv.getSchema(String(schema.$id))
      } catch (fileError) {
        throw new SchemaLoadError(`schemas/${relative}: ${(fileError as Error).message}`)
      }
    }
    throw new SchemaLoadError(`The schemas do not compile: ${(error as Error).message}`)
  }
  throw new SchemaLoadError('schemas/site.schema.json is missing')
}
