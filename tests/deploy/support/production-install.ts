import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import { root } from '../../../scripts/lib/paths.ts'
import { until } from '../../../scripts/harness/site-server.ts'

/**
 * What a deployment puts beside its `npm ci --omit=dev` (docs/deploy.md): the build, the command
 * that starts it, and what the production editor's checker and content build read at run time
 * (the schemas, and the project's config as the first thing the build was made of).
 */
const DEPLOYED = ['package.json', 'package-lock.json', 'bin', 'dist', 'build', 'schemas', 'site.config.json']

/**
 * The run's one `npm ci --omit=dev`, made by the first test file that asks (a folder lock, as the
 * deploy files run in parallel processes); the others wait for it.
 */
async function sharedNodeModules(): Promise<string> {
  const folder = inject('productionInstallFolder')
  const modules = join(folder, 'modules')
  const ready = join(folder, 'ready')
  const failed = join(folder, 'failed')
  try {
    mkdirSync(join(folder, 'installing'))
  } catch {
    await until('the production install another test file is making', () => existsSync(ready) || existsSync(failed), 300_000)
    if (existsSync(failed)) throw new Error(`The production install failed in another test file: ${readFileSync(failed, 'utf8')}`)
    return join(modules, 'node_modules')
  }
  try {
    mkdirSync(modules)
    for (const file of ['package.json', 'package-lock.json']) cpSync(join(root, file), join(modules, file))
    const started = performance.now()
    execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: modules, stdio: 'pipe', timeout: 240_000 })
    console.log(`npm ci --omit=dev: ${((performance.now() - started) / 1000).toFixed(1)} s`)
    writeFileSync(ready, '')
  } catch (error) {
    writeFileSync(failed, String(error))
    throw error
  }
  return join(modules, 'node_modules')
}

export interface ProductionInstall {
  /** The deployed folder: the server runs with it as its working directory. */
  dir: string
  /** The folder around it, for a test's other files (a second server's content, a build's output). */
  around: string
  remove(): void
}

/**
 * A deployed copy of the built project of its own (a test may write accounts and publish there)
 * over the run's shared production dependencies (linked as its node_modules: Node resolves each
 * package from there as from an installed folder).
 */
export async function productionInstall(): Promise<ProductionInstall> {
  const nodeModules = await sharedNodeModules()
  const around = mkdtempSync(join(tmpdir(), 'site-production-'))
  const dir = join(around, 'site')
  for (const entry of DEPLOYED) cpSync(join(root, entry), join(dir, entry), { recursive: true })
  symlinkSync(nodeModules, join(dir, 'node_modules'), 'dir')
  return { dir, around, remove: () => rmSync(around, { recursive: true, force: true }) }
}
