import fs from 'node:fs'
import path from 'node:path'
import { publicDir as projectPublicDir, root } from '../project-paths.ts'

/**
 * Where a command was started: npm runs scripts from the package folder, and INIT_CWD is where
 * the person typed the command, so paths they give and paths we print are relative to that.
 */
export function startingFolder(): string {
  return process.env.npm_lifecycle_event ? (process.env.INIT_CWD ?? process.cwd()) : process.cwd()
}

/** A file as the person knows it: relative to `base` when it is inside it, absolute otherwise. */
export function displayPath(base: string, file: string): string {
  const relative = path.relative(base, file)
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative
}

/** The public/ folder beside the config or in a folder above it (test fixtures bring their own). */
export function nearestPublicDir(configPath: string): string {
  for (let dir = path.dirname(configPath); dir.startsWith(root); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'public')
    if (fs.existsSync(candidate)) return candidate
    if (dir === root) break
  }
  return projectPublicDir
}
