/**
 * The pull-request workflow's "site config" job, reproduced in a folder on this machine: the
 * project's files, `npm ci --omit=dev` (runtime dependencies only: no Vite, Playwright or
 * browser), then the checker on Node's own TypeScript support. The benchmark times it from a
 * clean clone; the deploy test checks it works and stays small.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './paths.ts'

/** The job's install command, word for word as .github/workflows/checks.yml runs it. */
export const lightInstallCommand = ['npm', 'ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'] as const

/** Bytes of every file under a folder (what `du --apparent-size` counts). */
export function folderBytes(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size
  return total
}

/** A clean clone of the committed project (what the job checks out). */
export function cloneProject(target: string): void {
  execFileSync('git', ['clone', '--quiet', '--depth', '1', `file://${root}`, target], { stdio: 'pipe' })
}

/** Runs the job's install in `dir`; `npmCache` points npm at another cache (an empty one for a cold start). */
export function installForConfigCheck(dir: string, npmCache?: string): void {
  const [command, ...args] = lightInstallCommand
  execFileSync(command, [...args, ...(npmCache ? ['--cache', npmCache] : [])], { cwd: dir, stdio: 'pipe', timeout: 240_000 })
}

/** `node scripts/validate.ts …` in `dir` on this Node (24, as .nvmrc), as `npm run validate` runs it there. */
export function runConfigCheck(dir: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['scripts/validate.ts', ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}
