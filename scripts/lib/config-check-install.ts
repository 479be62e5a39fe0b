/**
 * The pull-request workflow's "site config" job, reproduced in a folder on this machine: the
 * project's files, `npm ci --omit=dev` (runtime dependencies only: no Vite, Playwright or
 * browser), then the checker on Node's own TypeScript support. The benchmark times it from a
 * clean clone; the deploy test checks it works and stays small.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { nodeRuntimePackage } from './node-runtime.ts'
import { root } from './paths.ts'

/** The job's install command, word for word as .github/workflows/checks.yml runs it. */
export const lightInstallCommand = ['npm', 'ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'] as const

/** Bytes of every file under a folder (what `du --apparent-size` counts). */
function folderBytes(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size
  return total
}

/**
 * Bytes of an install's packages apart from the Node runtime, which npm installs there too but
 * nothing imports: what the install limits are about. The runtime's own bytes beside.
 */
export function installBytes(nodeModules: string): { packages: number; runtime: number } {
  const runtimeDir = join(nodeModules, nodeRuntimePackage)
  const runtime = existsSync(runtimeDir) ? folderBytes(runtimeDir) : 0
  return { packages: folderBytes(nodeModules) - runtime, runtime }
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

/** `node scripts/validate.ts …` in `dir` on the Node its install holds, as `npm run validate` runs it there. */
export function runConfigCheck(dir: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(join(dir, 'node_modules', '.bin', 'node'), ['scripts/validate.ts', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 60_000,
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}
