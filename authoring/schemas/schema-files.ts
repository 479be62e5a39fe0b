import fs from 'node:fs'
import path from 'node:path'
import { blockUnionSchema } from './block-union.ts'
import { root, schemasDir as projectSchemasDir } from '../project-paths.ts'
import { schemaAtAddress, SchemaLoadError } from '../../site/schema-ajv.ts'

export { SchemaLoadError }

export interface SchemaFiles {
  /** Relative path (`defs/link.schema.json`) → schema, with its `$id` set to its address. */
  schemas: Map<string, Record<string, unknown>>
  /** Block type names in alphabetical order, from the files in schemas/blocks/. */
  blockTypes: string[]
  /** Changes whenever any schema file changes: the key of the compiled-validator cache. */
  fingerprint: string
  /** Stands for the folder, so caches of different schema folders do not replace each other. */
  folderKey: string
  /** The project's own schemas are worth caching compiled; a temporary folder (tests) is not. */
  cacheable: boolean
}

/**
 * Node's one reader of the schema files: the checker, the config defaults of the build and the dev
 * server, the generators and the editor's server all come through here. Bundled code (the server
 * build, the site, the editor in the browser) cannot read a folder at run time and gets the same
 * files from the bundler instead (static JSON imports; the editor's one import.meta.glob in
 * editor/schema-files.ts).
 *
 * Reads every *.schema.json under the folder. The block union is rebuilt from the folder
 * rather than read from the generated block.schema.json, so a block schema added a moment ago
 * is checked even before `npm run gen:types` has been run.
 */
export function readSchemaFiles(schemasDir: string): SchemaFiles {
  const schemas = new Map<string, Record<string, unknown>>()
  const texts: string[] = []
  for (const relative of listSchemaFiles(schemasDir)) {
    const text = fs.readFileSync(path.join(schemasDir, relative), 'utf8')
    texts.push(relative, text)
    schemas.set(relative, schemaAtAddress(relative, parsed(relative, text)))
  }
  const blockTypes = [...schemas.keys()]
    .filter((file) => /^blocks\/[^/]+\.schema\.json$/.test(file))
    .map((file) => file.slice('blocks/'.length, -'.schema.json'.length))
    .sort()
  schemas.set('block.schema.json', schemaAtAddress('block.schema.json', blockUnionSchema(blockTypes)))
  return {
    schemas,
    blockTypes,
    fingerprint: fingerprintOf(texts.join('\0')),
    folderKey: fingerprintOf(path.resolve(schemasDir)).slice(0, 8),
    cacheable: path.resolve(schemasDir).startsWith(root + path.sep),
  }
}

/** One schema file as written (its own `$id`, relative `$ref`s): what the docs and the generators read. */
export function readSchemaFile(relative: string, schemasDir = projectSchemasDir): Record<string, unknown> {
  return parsed(relative, fs.readFileSync(path.join(schemasDir, relative), 'utf8'))
}

/** The names a folder of schemas/ defines (`blocks` → its `<name>.schema.json` files' names), sorted. */
export function schemaNamesIn(folder: string, schemasDir = projectSchemasDir): string[] {
  const dir = path.join(schemasDir, folder)
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.schema.json'))
    .map((name) => name.slice(0, -'.schema.json'.length))
    .sort()
}

function parsed(relative: string, text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>
  } catch (error) {
    throw new SchemaLoadError(`schemas/${relative} is not valid JSON: ${(error as Error).message}`)
  }
}

function listSchemaFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const relative = prefix + entry.name
      if (entry.isDirectory()) return listSchemaFiles(path.join(dir, entry.name), relative + '/')
      return entry.name.endsWith('.schema.json') && relative !== 'block.schema.json' ? [relative] : []
    })
    .sort()
}

/** FNV-1a, 2 × 32 bits: enough to tell schema versions apart, and no crypto module to load. */
function fingerprintOf(text: string): string {
  let a = 0x811c9dc5
  let b = 0x01000193
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    a = Math.imul(a ^ code, 0x01000193)
    b = Math.imul(b ^ code, 0x5bd1e995)
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0')
}
