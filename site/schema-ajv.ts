import type { AnySchemaObject, Ajv, Options, ValidateFunction } from 'ajv'
import type { FormatsPlugin } from 'ajv-formats'
import { FIELD_FORMATS } from './form-rules.ts'
import { EDITOR_ANNOTATIONS } from './schema-annotations.ts'

/**
 * The project's one Ajv set-up, used by the config checker (authoring/schemas/ajv-setup.ts), the
 * config defaults of the build, the dev server and the editor's preview (site/schema-defaults.ts)
 * and the server's form check (server/forms/validate-fields.ts): draft-07 with ajv-formats and the
 * form fields' formats (site/form-rules.ts, which the browser's payload check uses too),
 * `discriminator`, strict mode, and the annotation keywords of site/schema-annotations.ts.
 *
 * A pure module (no node:fs), so the editor's preview runs it in the browser. The caller hands in
 * the ajv classes: Node's checker loads them only when it has to compile (a clean config is
 * answered by the cached validator without ajv), the bundled callers import them.
 */
export interface AjvLibrary {
  Ajv: typeof Ajv
  addFormats: FormatsPlugin
}

/** Every keyword of schemas/ that only describes (site/schema-annotations.ts). */
export const ANNOTATION_KEYWORDS: readonly string[] = [...EDITOR_ANNOTATIONS]

/** Every schema is registered under this base, so `../defs/link.schema.json` resolves file to file. */
export const SCHEMA_BASE_URL = 'https://site.local/schemas/'

/** A schema that cannot be read or compiled; the message names the file at fault. */
export class SchemaLoadError extends Error {}

/**
 * The schema under its path as its id. The ids some files carry are public names for editors and
 * would make their relative $refs resolve against a host that holds no schemas.
 */
export function schemaAtAddress(relative: string, schema: Record<string, unknown>): Record<string, unknown> {
  return { ...schema, $id: SCHEMA_BASE_URL + relative }
}

const relativeOf = (schema: AnySchemaObject): string => String(schema.$id).slice(SCHEMA_BASE_URL.length)

/** An Ajv with formats, the annotations and the given schemas (each at its address: schemaAtAddress) registered, nothing compiled yet. */
export function createSchemaAjv(library: AjvLibrary, options: Options = {}, schemas: readonly AnySchemaObject[] = []): Ajv {
  const ajv = new library.Ajv({ discriminator: true, strict: true, strictRequired: false, allowUnionTypes: true, ...options })
  library.addFormats(ajv)
  // The fields' "email" and "date" are ajv-formats' own rules written out for the browser, so replacing them changes no verdict.
  // A pattern where the rule is one: the checker's standalone validator (authoring/schemas) inlines patterns, not functions.
  for (const [name, { valid, pattern }] of Object.entries(FIELD_FORMATS)) ajv.addFormat(name, pattern ?? valid)
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword, schemaType: ['object', 'array', 'string', 'boolean', 'number'] })
  for (const schema of schemas) {
    try {
      ajv.addSchema(schema)
    } catch (error) {
      throw new SchemaLoadError(`schemas/${relativeOf(schema)}: ${(error as Error).message}`)
    }
  }
  return ajv
}

/**
 * The validator of one registered schema file (`site.schema.json`). When compiling fails, each file
 * is compiled on its own to name the one at fault: "schemas/blocks/timeline.schema.json: unknown
 * keyword …" is actionable where ajv's message alone is not.
 */
export function compileSchemaFile(ajv: Ajv, schemas: readonly AnySchemaObject[], relative: string): ValidateFunction {
  try {
    const validate = ajv.getSchema(SCHEMA_BASE_URL + relative)
    if (validate) return validate
  } catch (error) {
    const culprit = fileAtFault(ajv, schemas)
    if (culprit) throw culprit
    throw new SchemaLoadError(`The schemas do not compile: ${(error as Error).message}`)
  }
  throw new SchemaLoadError(`schemas/${relative} is missing`)
}

/**
 * A file that fails to compile although every file it refers to compiles: a file that only refers to
 * a broken one fails too, and naming it (block.schema.json for a typo in schemas/blocks/timeline.schema.json)
 * would send the author to the wrong file.
 */
function fileAtFault(ajv: Ajv, schemas: readonly AnySchemaObject[]): SchemaLoadError | undefined {
  const failures = new Map<string, string>()
  for (const schema of schemas) {
    try {
      ajv.getSchema(String(schema.$id))
    } catch (error) {
      failures.set(String(schema.$id), (error as Error).message)
    }
  }
  const ownFault = schemas.find((schema) => failures.has(String(schema.$id)) && ![...refsOf(schema)].some((address) => address !== schema.$id && failures.has(address)))
  const culprit = ownFault ?? schemas.find((schema) => failures.has(String(schema.$id)))
  return culprit && new SchemaLoadError(`schemas/${relativeOf(culprit)}: ${failures.get(String(culprit.$id))}`)
}

/** The files a schema's `$ref`s point at, as addresses. */
function refsOf(schema: AnySchemaObject): Set<string> {
  const addresses = new Set<string>()
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') addresses.add(new URL(value, String(schema.$id)).href.split('#')[0] ?? '')
      else visit(value)
    }
  }
  visit(schema)
  return addresses
}
