import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from '../../scripts/lib/paths.ts'
import type { SystemPackage } from '../../scripts/lib/system-packages.ts'

/*
 * On a bare machine every test that runs Chromium, nginx or redis-server installs it first,
 * whichever command or file filter runs it: a vitest file through needsSystemPackages(), the
 * Playwright tests through the config's global setup. Forgetting it passes on a machine where the
 * program happens to be there and fails on a new one, so it is checked here, on the text of the tests.
 */

/** What starts each program in test code: a launch (its options), its path, or a command that runs it. */
const STARTS: Record<SystemPackage, RegExp> = {
  chromium: /chromium\.launch\(|executablePath|chromePath|chrome-launcher|['"]preview:diff['"]/,
  nginx: /\/usr\/sbin\/nginx|scripts\/start-nginx\.ts/,
  redis: /startLocalRedis\(|['"]redis-server['"]/,
}

const testCode = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /^tests\/.*\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || /^(playwright|vitest)\.config\.ts$/.test(file))
  .filter((file) => fs.existsSync(path.join(root, file)) && file !== 'tests/unit/system-packages.test.ts')
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')
const packagesIn = (calls: RegExp, text: string): string[] => [...text.matchAll(calls)].flatMap(([, args]) => [...args!.matchAll(/'(\w+)'/g)].map(([, name]) => name!))

/** The packages each file starts. */
const started = new Map(testCode.map((file) => [file, (Object.keys(STARTS) as SystemPackage[]).filter((name) => STARTS[name].test(read(file)))]))

/** What the Playwright tests get before they run: the packages its global setup installs. */
function playwrightSetupPackages(): string[] {
  const setup = /globalSetup:\s*'([^']+)'/.exec(read('playwright.config.ts'))?.[1]
  return setup ? packagesIn(/ensureSystemPackages\(([^)]*)\)/g, read(path.normalize(setup))) : []
}

describe('tests that need a program of the system', () => {
  it('are found by what they start (so the check below checks something)', () => {
    const startersOf = (name: SystemPackage) => [...started].filter(([, names]) => names.includes(name)).map(([file]) => file)
    expect(startersOf('chromium')).toEqual(expect.arrayContaining(['tests/server/editor-production-browser.test.ts', 'tests/deploy/preview-diff.test.ts', 'playwright.config.ts']))
    expect(startersOf('nginx')).toEqual(expect.arrayContaining(['tests/deploy/nginx.test.ts', 'tests/deploy/publishing-instances.test.ts']))
    expect(startersOf('redis')).toEqual(expect.arrayContaining(['tests/server/support/local-redis-suite.ts', 'tests/deploy/redis-instances.test.ts']))
  })

  it('install it first when it is missing', () => {
    const playwright = playwrightSetupPackages()
    const undeclared = [...started].flatMap(([file, names]) => {
      const installed = file === 'playwright.config.ts' || file.startsWith('tests/e2e/') ? playwright : packagesIn(/needsSystemPackages\(([^)]*)\)/g, read(file))
      return names.filter((name) => !installed.includes(name)).map((name) => `${file} starts ${name} without installing it first`)
    })
    expect(undeclared).toEqual([])
  })
})

describe('two installs of one missing package at once (test files run in parallel)', () => {
  it('take turns: the first installs it, the second finds it there and installs nothing', { timeout: 30_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'system-packages-'))
    const [lock, log, installed] = ['lock', 'log', 'installed'].map((name) => path.join(dir, name)) as [string, string, string]
    fs.writeFileSync(log, '')
    // An ensure script whose package is a file and whose "apt" takes a moment to make it.
    const ensure = [
      'set -euo pipefail',
      `source ${JSON.stringify(path.join(root, 'scripts/lib/apt-install.sh'))}`,
      `has_it() { echo checked >>${JSON.stringify(log)}; [ -e ${JSON.stringify(installed)} ]; }`,
      'missing has_it || exit 0',
      `echo installing >>${JSON.stringify(log)}; sleep 0.3; touch ${JSON.stringify(installed)}`,
    ].join('\n')
    const exitOf = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', resolve))
    const env = { ...process.env, SYSTEM_PACKAGES_LOCK: lock }
    try {
      // A third install holds the turn until both have looked and found the package missing.
      fs.writeFileSync(lock, '')
      const holder = spawn('flock', [lock, '-c', 'echo held; exec cat'], { stdio: ['pipe', 'pipe', 'inherit'] })
      const holderExit = exitOf(holder)
      await new Promise((resolve) => holder.stdout!.once('data', resolve))
      const contenders = [1, 2].map(() => exitOf(spawn('bash', ['-c', ensure], { env, stdio: 'inherit' })))
      while (fs.readFileSync(log, 'utf8').split('checked').length - 1 < 2) await new Promise((resolve) => setTimeout(resolve, 20))
      holder.stdin!.end()
      expect(await Promise.all(contenders)).toEqual([0, 0])
      await holderExit
      const lines = fs.readFileSync(log, 'utf8').trim().split('\n')
      expect(lines.filter((line) => line === 'installing')).toHaveLength(1)
      expect(fs.existsSync(installed)).toBe(true)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
