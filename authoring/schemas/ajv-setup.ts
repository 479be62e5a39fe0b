import { createRequire } from 'node:module'
import type { Ajv, Options, ValidateFunction } from 'ajv'
import type { SchemaFiles } from './schema-files.ts'
import { compileSchemaFile, createSchemaAjv, type AjvLibrary } from '../../site/schema-ajv.ts'

// Loaded on demand: a clean config is answered by the cached validator without ajv at all.
const require = createRequire(import.meta.url)

/** ajv and ajv-formats, loaded on the first compile. */
export function ajvLibrary(): AjvLibrary {
  return { Ajv: (require('ajv') as typeof import('ajv')).Ajv, addFormats: require('ajv-formats') as typeof import('ajv-formats').default }
}

/** The project's Ajv (site/schema-ajv.ts) with every schema file registered, not yet compiled. */
export function createAjv(files: SchemaFiles, options: Options): Ajv {
  return createSchemaAjv(ajvLibrary(), options, [...files.schemas.values()])
}

/** The validator of the whole config; a schema that does not compile is named (site/schema-ajv.ts). */
export function compileSiteValidator(ajv: Ajv, files: SchemaFiles): ValidateFunction {
  return compileSchemaFile(ajv, [...files.schemas.values()], 'site.schema.json')
}
