import { fileURLToPath } from 'node:url'
import path from 'node:path'

/**
 * The project's places the authoring engine reads by default: the schemas, public/ and the
 * project root. Found from this file, so the checker, the scaffold and every command that uses
 * them work from any working directory; a caller with other files (a test fixture) passes its own.
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const schemasDir = path.join(root, 'schemas')
export const publicDir = path.join(root, 'public')
