import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { root } from '../project-paths.ts'
import { compileSiteValidator, createAjv } from './ajv-setup.ts'
import type { SchemaFiles } from './schema-files.ts'

const require = createRequire(import.meta.url)
const cacheDir = path.join(root, 'node_modules', '.cache', 'site-config-validator')
/** Bump when the ajv options change, so old compiled code is not reused. */
const cacheVersion = 3

/**
 * A yes/no validator for the current schemas, compiled to JavaScript once (ajv "standalone"
 * code) and kept in node_modules/.cache keyed by the schemas' fingerprint. Compiling the schemas
 * takes a few hundred milliseconds; loading the compiled file takes a few. Only a config that
 * fails pays for the full, error-collecting compile.
 */
export function loadQuickValidator(files: SchemaFiles): (data: unknown) => boolean {
  const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version
  const prefix = `site-${files.folderKey}-`
  const file = path.join(cacheDir, `${prefix}${files.fingerprint}-ajv${version('ajv')}-formats${version('ajv-formats')}-v${cacheVersion}.cjs`)
  if (files.cacheable && fs.existsSync(file)) {
    try {
      const cached = require(file) as (data: unknown) => boolean
      return (data) => cached(data)
    } catch {
      // A damaged cache file: compile again below and overwrite it.
    }
  }
  const ajv = createAjv(files, { code: { source: true } })
  const validate = compileSiteValidator(ajv, files)
  if (files.cacheable) writeCache(file, prefix, () => (require('ajv/dist/standalone') as typeof import('ajv/dist/standalone')).default(ajv, validate))
  return (data) => validate(data) as boolean
}

/** Best effort: a read-only checkout just compiles every time. */
function writeCache(file: string, prefix: string, code: () => string): void {
  try {
    fs.mkdirSync(cacheDir, { recursive: true })
    for (const old of fs.readdirSync(cacheDir)) if (old.startsWith(prefix)) fs.rmSync(path.join(cacheDir, old), { force: true })
    // Written under a temporary name and renamed, so a parallel run never loads half a file.
    const temporary = `${file}.${process.pid}.tmp`
    fs.writeFileSync(temporary, code())
    fs.renameSync(temporary, file)
  } catch {
    // Caching is an optimisation only.
  }
}
