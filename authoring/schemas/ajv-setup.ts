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

/**
 * For ajv's `code.process`: ajv's code adds the errors of a schema it calls (a `$ref`) with
 * `vErrors.concat(…)`, which copies every error found so far at each call, so a config with
 * thousands of broken menu entries spent minutes copying. Rewritten to append them in place: the
 * same errors in the same order (ajv already hands the callee's list on to the caller).
 */
export function appendReferencedErrorsInPlace(code: string): string {
  return code.replace(
    /vErrors\s*=\s*vErrors\s*===\s*null\s*\?\s*([\w$.]+)\.errors\s*:\s*vErrors\.concat\(\1\.errors\)\s*;/g,
    'if (vErrors === null) vErrors = $1.errors; else { const referencedErrors = $1.errors; for (let at = 0; at < referencedErrors.length; at++) vErrors.push(referencedErrors[at]); }',
  )
}
