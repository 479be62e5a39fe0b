import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { bareMachineRequest } from '../../scripts/lib/bare-machine-guards.ts'
import { root } from '../../scripts/lib/paths.ts'

/*
 * `npm run test:bare-machine` uninstalls system packages, so it must refuse to unless told twice
 * over (root and --yes). The script itself runs here with a stand-in `apt-get` first on the PATH,
 * which only writes down how it was called: should a guard break, the test sees the call and the
 * machine keeps its packages. (Not as another user: the checkout may sit in a folder only its owner
 * can read, as a fresh clone under a private temporary folder does.)
 */
const standIns = mkdtempSync(path.join(tmpdir(), 'bare-machine-stand-ins-'))
const aptCalls = path.join(standIns, 'apt-get-calls')
writeFileSync(path.join(standIns, 'apt-get'), `#!/bin/sh\necho "$*" >> '${aptCalls}'\nexit 1\n`)
chmodSync(path.join(standIns, 'apt-get'), 0o755)
afterAll(() => rmSync(standIns, { recursive: true, force: true }))

const aptGetCalls = () => (existsSync(aptCalls) ? readFileSync(aptCalls, 'utf8').trim().split('\n') : [])

function bareMachine(...args: string[]) {
  const env = { ...process.env, BARE_MACHINE_CONFIRM: '', PATH: `${standIns}${path.delimiter}${process.env.PATH ?? ''}` }
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/test-on-bare-machine.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env,
    timeout: 60_000,
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('npm run test:bare-machine', () => {
  it('removes nothing without --yes, and says why', () => {
    const run = bareMachine()
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('uninstalls system packages (chromium, nginx, redis-server)')
    expect(run.stderr).toContain('confirm with --yes')
    expect(run.stdout).toBe('')
    expect(aptGetCalls()).toEqual([])
  })

  it('refuses a misspelt argument rather than guessing, even beside --yes', () => {
    const run = bareMachine('--yess')
    expect([run.status, run.stderr.split('\n')[0]]).toEqual([2, 'Unknown argument: --yess'])
    expect(bareMachineRequest(['--yes', '--yess'], {}, 0)).toEqual({ refusal: 'Unknown argument: --yess' })
    expect(aptGetCalls()).toEqual([])
  })

  it('needs root to remove packages, and --yes or BARE_MACHINE_CONFIRM=yes', () => {
    expect(bareMachineRequest(['--yes'], {}, 1000)).toEqual({ refusal: expect.stringContaining('Removing system packages needs root') })
    expect(bareMachineRequest([], { BARE_MACHINE_CONFIRM: 'yes' }, 1000)).toEqual({ refusal: expect.stringContaining('needs root') })
    expect(bareMachineRequest([], { BARE_MACHINE_CONFIRM: 'no' }, 0)).toEqual({ refusal: expect.stringContaining('confirm with --yes') })
    expect(bareMachineRequest(['--yes'], {}, 0)).toEqual({ mode: 'run' })
    expect(bareMachineRequest([], { BARE_MACHINE_CONFIRM: 'yes' }, 0)).toEqual({ mode: 'run' })
    expect(bareMachineRequest(['--dry-run'], {}, 1000)).toEqual({ mode: 'dry-run' })
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
    expect(aptGetCalls()).toEqual([])
  })
})
