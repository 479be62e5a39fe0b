import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** What names a code build's files: its page template, its client manifest (every hashed script and style) and its list of files. */
export function codeBuildIdentity(parts: { template: string; manifest: unknown; codeFiles: string[] }): string {
  return createHash('sha256')
    .update(JSON.stringify([parts.template, parts.manifest, parts.codeFiles]))
    .digest('hex')
}

/**
 * Empties `builtRoot` when its versions were built with another code build than `identity` (kept in
 * `markFile`). A built version links the code build's hashed scripts and names them in its pages:
 * after a deployment with a new code build, a version built before would go on serving the old
 * code, and its pages would name scripts the new dist/ (which nginx serves /assets/ from) no longer
 * has. Emptied, the current version is built again with the new code before the server listens.
 */
export function forgetBuildsOfOtherCode(builtRoot: string, markFile: string, identity: string): void {
  const was = fs.existsSync(markFile) ? fs.readFileSync(markFile, 'utf8') : undefined
  if (was === identity) return
  fs.rmSync(builtRoot, { recursive: true, force: true })
  fs.mkdirSync(path.dirname(markFile), { recursive: true })
  fs.writeFileSync(markFile, identity)
}
