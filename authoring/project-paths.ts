import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

/**
 * The project's folder: the first one up from this file holding package.json and schemas/. Found
 * by looking, not by a fixed number of ../, because this file also runs compiled into
 * build/server/ (the production server's publishing and the content build command).
 */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'schemas'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`No project folder (package.json beside schemas/) above ${from}`)
  }
}

/**
 * The project's places the authoring engine reads by default: the schemas, public/ and the
 * project root, so the checker, the scaffold and every command that uses them work from any
 * working directory; a caller with other files (a test fixture) passes its own.
 */
export const root = projectRoot(path.dirname(fileURLToPath(import.meta.url)))
export const schemasDir = path.join(root, 'schemas')
export const publicDir = path.join(root, 'public')
