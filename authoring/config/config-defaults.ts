import type { ValidateFunction } from 'ajv'
import { schemasDir } from '../project-paths.ts'
import { compileSiteValidator, createAjv } from '../schemas/ajv-setup.ts'
import { readSchemaFiles, schemaBaseUrl } from '../schemas/schema-files.ts'

const appliers = new Map<string, ValidateFunction>()

/**
 * The config as the site renders it: every property the schemas give a `default` filled in
 * (ajv's useDefaults), so components receive complete props and no component repeats a default.
 * The build and the dev server read the config through this; the file itself is left as written.
 */
export function withSchemaDefaults<T>(config: T, dir = schemasDir): T {
  return filledIn(config, dir, 'site.schema.json')
}

/** One block with its schema's defaults: what a block component receives (the block tests render these). */
export function blockWithDefaults<T extends { type: string }>(block: T, dir = schemasDir): T {
  return filledIn(block, dir, 'block.schema.json')
}

function filledIn<T>(value: T, dir: string, schemaFile: string): T {
  const files = readSchemaFiles(dir)
  const key = `${files.fingerprint} ${schemaFile}`
  let apply = appliers.get(key)
  if (!apply) {
    const ajv = createAjv(files, { useDefaults: true })
    apply = schemaFile === 'site.schema.json' ? compileSiteValidator(ajv, files) : ajv.getSchema(schemaBaseUrl + schemaFile)
    if (!apply) throw new Error(`schemas/${schemaFile} is missing`)
    appliers.set(key, apply)
  }
  const complete = structuredClone(value)
  // The verdict is the validator's business (npm run validate, the dev overlay); this only fills in.
  apply(complete)
  return complete
}
