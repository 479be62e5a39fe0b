import { schemasDir } from '../project-paths.ts'
import { ajvLibrary } from '../schemas/ajv-setup.ts'
import { readSchemaFiles } from '../schemas/schema-files.ts'
import { schemaDefaults, type SchemaDefaults } from '../../site/schema-defaults.ts'

/** One compiled set per version of the schema files: the dev server re-reads the config often, the schemas seldom change. */
const byFingerprint = new Map<string, SchemaDefaults>()

function defaultsOf(dir: string): SchemaDefaults {
  const files = readSchemaFiles(dir)
  let defaults = byFingerprint.get(files.fingerprint)
  if (!defaults) byFingerprint.set(files.fingerprint, (defaults = schemaDefaults(ajvLibrary(), [...files.schemas.values()])))
  return defaults
}

/**
 * The config as the site renders it, the schemas' defaults filled in (site/schema-defaults.ts) from the
 * files on disk. The build and the dev server read the config through this; the file itself is left as written.
 */
export function withSchemaDefaults<T>(config: T, dir = schemasDir): T {
  return defaultsOf(dir).withSchemaDefaults(config)
}

/** One block with its schema's defaults: what a block component receives (the block tests render these). */
export function blockWithDefaults<T extends { type: string }>(block: T, dir = schemasDir): T {
  return defaultsOf(dir).blockWithDefaults(block)
}
