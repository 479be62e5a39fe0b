import fs from 'node:fs'
import path from 'node:path'
import { buildBlockUnionSchema } from './block-schemas.ts'
import { root } from '../project-paths.ts'

/** Every schema is registered under this base, so `../defs/link.schema.json` resolves file to file. */
export const schemaBaseUrl = 'https://site.local/schemas/'

export class SchemaLoadError extends Error {}

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
    try {
      schemas.set(relative, withAddress(relative, JSON.parse(text)))
    } catch (error) {
      throw new SchemaLoadError(`schemas/${relative} is not valid JSON: ${(error as Error).message}`)
    }
  }
  const blockTypes = [...schemas.keys()]
    .filter((file) => /^blocks\/[^/]+\.schema\.json$/.test(file))
    .map((file) => file.slice('blocks/'.length, -'.schema.json'.length))
    .sort()
  schemas.set('block.schema.json', withAddress('block.schema.json', buildBlockUnionSchema(blockTypes)))
  return {
    schemas,
    blockTypes,
    fingerprint: fingerprintOf(texts.join('\0')),
    folderKey: fingerprintOf(path.resolve(schemasDir)).slice(0, 8),
    cacheable: path.resolve(schemasDir).startsWith(root + path.sep),
  }
}

/**
 * Each file gets its path as its id. The ids some files carry are public names for editors and
 * would make their relative $refs resolve against a host that holds no schemas.
 */
function withAddress(relative: string, schema: Record<string, unknown>): Record<string, unknown> {
  return { ...schema, $id: schemaBaseUrl + relative }
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
