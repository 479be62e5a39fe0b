/**
 * The base of a comparison, in a folder of its own so the project's dist/ and build/ stay as they
 * are: a commit as `git archive` gives it. (The other side, the working tree as it is now, is
 * copied by scripts/lib/working-tree.ts.)
 */
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
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
