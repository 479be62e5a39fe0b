/** Copies of the working tree, for tools that build or check it somewhere else than in place. */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * The working tree as a reviewer means it: every file git tracks as it is on disk (a deleted one is
 * left out) and every untracked file .gitignore does not exclude, with symbolic links kept as links.
 */
export function copyWorkingTree(repo: string, folder: string): number {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean)
  let copied = 0
  for (const file of new Set(files)) {
    const source = path.join(repo, file)
    const target = path.join(folder, file)
    const stat = fs.lstatSync(source, { throwIfNoEntry: false })
    // Deleted but still in the index, or a submodule (a folder): not part of what is built.
    if (!stat || stat.isDirectory()) continue
    fs.mkdirSync(path.dirname(target), { recursive: true })
    if (stat.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), target)
    else fs.copyFileSync(source, target)
    copied++
  }
  return copied
}
