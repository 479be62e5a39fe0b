import fs from 'node:fs'
import path from 'node:path'
import { filesUnder } from './code-build-files.ts'

/**
 * Puts `files` of `fromDir` (every file when null) into `toDir` as hard links: a version of the site
 * shares the code build's scripts, styles and pictures without a copy, and a file replaced later
 * in one folder (a new code build) leaves the other's untouched. Copies where the two folders are
 * on different file systems, where a link cannot go.
 */
export function linkFiles(fromDir: string, files: readonly string[] | null, toDir: string): void {
  const made = new Set<string>()
  for (const relative of files ?? filesUnder(fromDir)) {
    const target = path.join(toDir, relative)
    const folder = path.dirname(target)
    if (!made.has(folder)) {
      fs.mkdirSync(folder, { recursive: true })
      made.add(folder)
    }
    fs.rmSync(target, { force: true })
    try {
      fs.linkSync(path.join(fromDir, relative), target)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
      fs.copyFileSync(path.join(fromDir, relative), target)
    }
  }
}
