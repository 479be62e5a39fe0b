/**
 * The two source trees to build, each in a folder of its own so the project's dist/ and build/ stay
 * as they are: a commit as `git archive` gives it, and the working tree as it is now (tracked files
 * with their uncommitted changes, plus untracked files that are not ignored).
 */
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { PreviewError } from './preview-error.ts'

const git = (repo: string, args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 })

/** The commit a ref names (a branch, a tag, origin/main, a hash). */
export function resolveCommit(repo: string, ref: string): string {
  // A ref that starts with a dash would be read as an option of git's.
  if (!ref || ref.startsWith('-')) throw new PreviewError(`"${ref}" is not a git ref`)
  try {
    return git(repo, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim()
  } catch {
    throw new PreviewError(`"${ref}" names no commit in this repository (for a pull request's base, fetch it first: git fetch origin <branch>)`)
  }
}

/** The files of a commit, as `git archive` writes them (what a fresh clone has), into `folder`. */
export async function exportCommit(repo: string, commit: string, folder: string): Promise<void> {
  fs.mkdirSync(folder, { recursive: true })
  const archive = spawn('git', ['archive', '--format=tar', commit], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] })
  const tar = spawn('tar', ['-x', '-C', folder], { stdio: ['pipe', 'ignore', 'pipe'] })
  archive.stdout.pipe(tar.stdin)
  const errors: string[] = []
  archive.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()))
  tar.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()))
  const exited = (child: typeof archive | typeof tar) => new Promise<number | null>((resolve) => child.once('close', resolve))
  const [archived, extracted] = await Promise.all([exited(archive), exited(tar)])
  if (archived !== 0 || extracted !== 0) throw new PreviewError(`could not export commit ${commit.slice(0, 12)} (git archive | tar)`, errors.join(''))
}

/**
 * The working tree as a reviewer means it: every file git tracks as it is on disk (a deleted one is
 * left out) and every untracked file .gitignore does not exclude, with symbolic links kept as links.
 */
export function copyWorkingTree(repo: string, folder: string): number {
  const files = git(repo, ['ls-files', '-z', '--cached', '--others', '--exclude-standard']).split('\0').filter(Boolean)
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
