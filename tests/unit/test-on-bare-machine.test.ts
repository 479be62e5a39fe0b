import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { root } from '../../scripts/lib/paths.ts'

/*
 * `npm run test:bare-machine` uninstalls system packages, so it must refuse to unless told twice
 * over (root and --yes). Run here as an unprivileged user: should a guard break, the command still
 * cannot remove anything, and the test sees the wrong refusal.
 */
const asNobody = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : []
// The clone reads this repository as another user: git must be told it is safe to, in a global
// config (git's local transport drops the command line's).
const home = mkdtempSync(path.join(tmpdir(), 'bare-machine-home-'))
chmodSync(home, 0o755)
writeFileSync(path.join(home, '.gitconfig'), '[safe]\n\tdirectory = *\n')
afterAll(() => rmSync(home, { recursive: true, force: true }))

function bareMachine(...args: string[]) {
  const [command, ...rest] = [...asNobody, process.execPath, '--import', 'tsx', path.join(root, 'scripts/test-on-bare-machine.ts'), ...args]
  const env = { ...process.env, BARE_MACHINE_CONFIRM: '', HOME: home }
  const result = spawnSync(command!, rest, { cwd: root, encoding: 'utf8', env, timeout: 60_000 })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('npm run test:bare-machine', () => {
  it('removes nothing without --yes, and says why', () => {
    const run = bareMachine()
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('uninstalls system packages (chromium, nginx, redis-server)')
    expect(run.stderr).toContain('confirm with --yes')
    expect(run.stdout).toBe('')
  })

  it('refuses a misspelt argument rather than guessing', () => {
    const run = bareMachine('--yess')
    expect([run.status, run.stderr.split('\n')[0]]).toEqual([2, 'Unknown argument: --yess'])
  })

  it('needs root to remove packages', () => {
    const run = bareMachine('--yes')
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('Removing system packages needs root')
    expect(run.stdout).toBe('')
  })

  it('with --dry-run, names what it would remove and clones HEAD, removing nothing', () => {
    const chromiumBefore = existsSync('/usr/bin/chromium')
    const run = bareMachine('--dry-run')
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/^\[bare-machine\] a fresh clone of HEAD \([0-9a-f]+\) in /m)
    expect(run.stdout).toMatch(/^\[bare-machine\] would remove: apt-get remove -y /m)
    if (chromiumBefore) expect(run.stdout).toMatch(/would remove: .*\bchromium\b/)
    expect(run.stdout).toContain('would run there: npm ci && npm test')
    expect(existsSync('/usr/bin/chromium')).toBe(chromiumBefore)
  })
})
