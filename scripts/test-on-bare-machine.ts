/**
 * `npm run test:bare-machine -- --yes`: proves the README's test command on a machine without the
 * programs the tests install themselves. Uninstalls Debian's chromium, nginx and redis-server
 * (apt-get remove), makes a fresh clone of the repository's HEAD in a temporary folder, runs
 * `npm ci && npm test` there, prints the result and how long the whole run took, and exits with the
 * test command's status. The packages the run did not install again are installed at the end, so
 * the machine is left with all three. `--dry-run` shows what it would remove and makes the clone,
 * without removing or running anything.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { bareMachineRequest } from './lib/bare-machine-guards.ts'
import { cloneProject } from './lib/config-check-install.ts'
import { root } from './lib/paths.ts'
import { ensureSystemPackages, type SystemPackage } from './lib/system-packages.ts'

const USAGE = `Usage: npm run test:bare-machine -- --yes | --dry-run
  Uninstalls Debian's chromium, nginx and redis-server (apt-get remove, as root), then runs
  \`npm ci && npm test\` in a fresh clone of HEAD, which must install them again.
  --yes      confirms the uninstall (or BARE_MACHINE_CONFIRM=yes)
  --dry-run  shows what would be removed and makes the clone; removes and runs nothing`

/** The Debian packages the ensure scripts install (with their own parts), by name. */
const REMOVED = /^(chromium(-\w+)?|nginx(-\w+)?|libnginx-mod-[\w-]+|redis-(server|tools))$/

/** Where each program is found once installed: the ensure scripts' own checks. */
const PROGRAMS: Record<SystemPackage, () => string | undefined> = {
  chromium: () => (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
  nginx: () => (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined),
  redis: () => spawnSync('bash', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim() || undefined,
}

/** Leaves the machine as it was found, with the three programs, whatever the run installed. */
async function reinstallMissing(): Promise<void> {
  const missing = (Object.keys(PROGRAMS) as SystemPackage[]).filter((name) => !PROGRAMS[name]())
  if (missing.length === 0) return
  console.log(`[bare-machine] not installed by the run: ${missing.join(', ')}; installing them again`)
  await ensureSystemPackages(...missing)
}

function refuse(message: string): never {
  console.error(`${message}\n\n${USAGE}`)
  process.exit(2)
}

const request = bareMachineRequest(process.argv.slice(2), process.env, process.getuid?.())
if ('refusal' in request) refuse(request.refusal)
const dryRun = request.mode === 'dry-run'
if (spawnSync('bash', ['-c', 'command -v apt-get && command -v dpkg-query'], { stdio: 'ignore' }).status !== 0) refuse('This needs a Debian-like machine (apt-get and dpkg-query).')

const started = performance.now()
const elapsed = () => {
  const seconds = Math.round((performance.now() - started) / 1000)
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

const installed = execFileSync('dpkg-query', ['-W', '-f', '${Package}\t${db:Status-Abbrev}\n'], { encoding: 'utf8' })
  .split('\n')
  .map((line) => line.split('\t'))
  .filter(([name, status]) => REMOVED.test(name ?? '') && status?.[1] === 'i') // its second letter: installed
  .map(([name]) => name!)

const folder = mkdtempSync(path.join(tmpdir(), 'bare-machine-'))
// mkdtemp makes the folder for its owner alone; a checkout is readable by others, as nginx's
// workers, which the deploy tests run as an unprivileged user, must read the built site in it.
chmodSync(folder, 0o755)
const clone = path.join(folder, 'repo')
try {
  cloneProject(clone)
} catch (error) {
  rmSync(folder, { recursive: true, force: true })
  console.error(`Could not clone this repository's HEAD: ${(error as { stderr?: Buffer }).stderr?.toString().trim() || String(error)}`)
  process.exit(2)
}
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: clone, encoding: 'utf8' }).trim()
console.log(`[bare-machine] a fresh clone of HEAD (${commit}) in ${clone}`)
if (execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim())
  console.log('[bare-machine] uncommitted changes in this working tree are not part of the run')

if (dryRun) {
  console.log(`[bare-machine] would remove: apt-get remove -y ${installed.join(' ') || '(none of them is installed)'}`)
  console.log('[bare-machine] would run there: npm ci && npm test')
  rmSync(folder, { recursive: true, force: true })
  process.exit(0)
}

if (installed.length > 0) execFileSync('apt-get', ['remove', '-y', '-qq', ...installed], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
const left = Object.entries(PROGRAMS).flatMap(([name, find]) => (find() ? [`${name} at ${find()}`] : []))
if (left.length > 0) {
  rmSync(folder, { recursive: true, force: true })
  await reinstallMissing()
  refuse(`Not a bare machine after apt-get remove (not from Debian's packages?): ${left.join(', ')}.`)
}
console.log(`[bare-machine] removed ${installed.join(' ') || 'nothing (none was installed)'}; running npm ci && npm test in the clone`)

// As a new machine has it: none of this checkout's npm settings or node_modules/.bin (its Node among them) on the PATH.
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_') && name !== 'INIT_CWD'))
cleanEnv.PATH = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((entry) => !entry.includes(`node_modules${path.sep}.bin`) && !entry.includes('node-gyp-bin'))
  .join(path.delimiter)
const status = await new Promise<number>((resolve) =>
  spawn('bash', ['-c', 'npm ci && npm test'], { cwd: clone, env: cleanEnv, stdio: 'inherit' }).once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
)

console.log(`[bare-machine] npm ci && npm test ${status === 0 ? 'passed' : `failed (exit ${status})`}; the whole run took ${elapsed()}`)
await reinstallMissing()
if (status === 0) rmSync(folder, { recursive: true, force: true })
else console.log(`[bare-machine] the clone is kept for a look: ${clone}`)
process.exit(status)
