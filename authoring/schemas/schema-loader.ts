import type { ValidateFunction } from 'ajv'
import { appendReferencedErrorsInPlace, compileSiteValidator, createAjv } from './ajv-setup.ts'
import { loadQuickValidator } from './quick-check.ts'
import { readSchemaFiles, type SchemaFiles } from './schema-files.ts'

export { SchemaLoadError } from './schema-files.ts'

export interface CompiledSchemas {
  /** Yes or no, as fast as possible (cached compiled code); run first. */
  isValid(data: unknown): boolean
  /** Every error, with the schemas behind it, for the messages; compiled on first use. */
  detailed(): DetailedValidator
  blockTypes: string[]
  /** The schema files as read (relative path → schema), for checks that read an annotation of them. */
  schemaFiles: ReadonlyMap<string, Record<string, unknown>>
}

export interface DetailedValidator {
  validate: ValidateFunction
  /**
   * A validator for one alternative of an `anyOf`/`oneOf`, found from the schema object that
   * holds it (ajv's `parentSchema`): used to tell which alternative the author meant.
   */
  alternativeValidator(holder: object, keyword: 'anyOf' | 'oneOf', index: number): ValidateFunction | undefined
}

const cache = new Map<string, CompiledSchemas>()

/** Once per process and schemas folder: compiling is most of the cost of a run. */
export function loadSchemas(schemasDir: string): CompiledSchemas {
  const cached = cache.get(schemasDir)
  if (cached) return cached
  const files = readSchemaFiles(schemasDir)
  let quick: ((data: unknown) => boolean) | undefined
  let detailed: DetailedValidator | undefined
  const getDetailed = () => (detailed ??= compileDetailed(files))
  const compiled: CompiledSchemas = {
    blockTypes: files.blockTypes,
    schemaFiles: files.schemas,
    // Without a cache the quick validator would be a second compile, not a shortcut.
    isValid: files.cacheable ? (data) => (quick ??= loadQuickValidator(files))(data) : (data) => getDetailed().validate(data) as boolean,
    detailed: getDetailed,
  }
  cache.set(schemasDir, compiled)
  return compiled
}

function compileDetailed(files: SchemaFiles): DetailedValidator {
  // Compiled only when a config has problems, so compile speed matters more than run speed:
  // no inlining or code optimisation, and no meta-schema check (the cached quick validator of
  // the same files already did it).
  const ajv = createAjv(files, { allErrors: true, verbose: true, inlineRefs: false, code: { optimize: false, process: appendReferencedErrorsInPlace }, validateSchema: false })
  const validate = compileSiteValidator(ajv, files)
  let addresses: WeakMap<object, string> | undefined
  return {
    validate,
    alternativeValidator(holder, keyword, index) {
      addresses ??= addressSchemaObjects(files)
      const address = addresses.get(holder)
      return address === undefined ? undefined : ajv.getSchema(`${address}/${keyword}/${index}`)
    },
  }
}

/** Every object inside the registered schemas → its address `https://…/file.schema.json#/json/pointer`. */
function addressSchemaObjects(files: SchemaFiles): WeakMap<object, string> {
  const addresses = new WeakMap<object, string>()
  const visit = (value: unknown, address: string) => {
    if (!value || typeof value !== 'object') return
    addresses.set(value, address)
    for (const [key, child] of Object.entries(value)) visit(child, `${address}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)
  }
  for (const schema of files.schemas.values()) visit(schema, `${String(schema.$id)}#`)
  return addresses
}
