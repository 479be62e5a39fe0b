import fs from 'node:fs'
import path from 'node:path'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { buildBlockUnionSchema } from '../block-schemas.ts'
import { schemasDir as projectSchemasDir } from '../paths.ts'

/** Every schema is registered under this base, so `../defs/link.schema.json` resolves file to file. */
export const schemaBaseUrl = 'https://site.local/schemas/'

/**
 * Keywords the VS Code JSON language server reads (completion, hover). They change nothing about
 * what is valid, so they are declared as annotations and strict mode can still reject typos in
 * real keywords.
 */
const editorKeywords = ['defaultSnippets', 'markdownDescription', 'markdownEnumDescriptions', 'enumDescriptions', 'deprecationMessage', 'errorMessage', 'doNotSuggest', 'suggestSortText', 'allowComments', 'allowTrailingCommas']

export class SchemaLoadError extends Error {}

export interface CompiledSchemas {
  validate: ValidateFunction
  /** Block type names in alphabetical order, from the files in schemas/blocks/. */
  blockTypes: string[]
  /** The schema registered for a file, e.g. `defs/icon.schema.json`, for the allowed values in messages. */
  schemaFile(relativePath: string): Record<string, unknown> | undefined
}

const cache = new Map<string, CompiledSchemas>()

/** Compiled once per process and schemas folder: compiling is most of the cost of a run. */
export function loadSchemas(schemasDir = projectSchemasDir): CompiledSchemas {
  const cached = cache.get(schemasDir)
  if (cached) return cached
  const compiled = compileSchemas(schemasDir)
  cache.set(schemasDir, compiled)
  return compiled
}

/** For a long-running process (the dev server) after a schema file changed. */
export function forgetCompiledSchemas(): void {
  cache.clear()
}

function compileSchemas(schemasDir: string): CompiledSchemas {
  const ajv = new Ajv({ allErrors: true, discriminator: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true })
  addFormats(ajv)
  for (const keyword of editorKeywords) ajv.addKeyword({ keyword, schemaType: ['object', 'array', 'string', 'boolean', 'number'] })

  const files = new Map<string, Record<string, unknown>>()
  for (const relative of listSchemaFiles(schemasDir)) files.set(relative, readSchema(schemasDir, relative))
  const blockTypes = [...files.keys()]
    .filter((file) => /^blocks\/[^/]+\.schema\.json$/.test(file))
    .map((file) => file.slice('blocks/'.length, -'.schema.json'.length))
    .sort()
  // The union is rebuilt from the folder rather than read from the generated file, so a block
  // schema added a moment ago is checked even before `npm run gen:types` has been run.
  files.set('block.schema.json', buildBlockUnionSchema(blockTypes))

  for (const [relative, schema] of files) {
    // Each file gets its path as its id; the ids some files carry are public names for editors
    // and would make their relative $refs resolve against a host that holds no schemas.
    try {
      ajv.addSchema({ ...schema, $id: schemaBaseUrl + relative })
    } catch (error) {
      throw new SchemaLoadError(`schemas/${relative}: ${(error as Error).message}`)
    }
  }
  let validate: ValidateFunction
  try {
    validate = ajv.getSchema(schemaBaseUrl + 'site.schema.json') as ValidateFunction
  } catch (error) {
    throw new SchemaLoadError(`The schemas do not compile: ${(error as Error).message}`)
  }
  if (!validate) throw new SchemaLoadError(`schemas/site.schema.json is missing in ${schemasDir}`)
  return { validate, blockTypes, schemaFile: (relative) => files.get(relative) }
}

function listSchemaFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix + entry.name
    if (entry.isDirectory()) return listSchemaFiles(path.join(dir, entry.name), relative + '/')
    return entry.name.endsWith('.schema.json') && relative !== 'block.schema.json' ? [relative] : []
  })
}

function readSchema(schemasDir: string, relative: string): Record<string, unknown> {
  try {
    return JSON.parse(fs.readFileSync(path.join(schemasDir, relative), 'utf8'))
  } catch (error) {
    throw new SchemaLoadError(`schemas/${relative} is not valid JSON: ${(error as Error).message}`)
  }
}
