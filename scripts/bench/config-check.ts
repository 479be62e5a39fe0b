/**
 * `npm run bench:config-check`: the pull request's "site config" job on this machine, timed from a
 * clean clone of the committed project to the annotations: clone, `npm ci --omit=dev` (with npm's
 * cache as it is, as setup-node restores it, and with an empty cache, the worst case), then
 * `validate --format github` on a config with a misspelt icon. Prints the install size and the
 * seconds of each step (aim: under 60 MB of packages, the Node runtime apart, and 20 s). A benchmark:
 * it never fails on the figures.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cloneProject, installBytes, installForConfigCheck, lightInstallCommand, runConfigCheck } from '../lib/config-check-install.ts'

function timed<T>(work: () => T): [T, number] {
  const started = performance.now()
  const result = work()
  return [result, (performance.now() - started) / 1000]
}

function run(cache: 'warm' | 'cold'): void {
  const dir = mkdtempSync(join(tmpdir(), 'bench-config-check-'))
  const emptyCache = cache === 'cold' ? mkdtempSync(join(tmpdir(), 'bench-npm-cache-')) : undefined
  try {
    const [, cloneSeconds] = timed(() => cloneProject(dir))
    const [, installSeconds] = timed(() => installForConfigCheck(dir, emptyCache))
    const configPath = join(dir, 'site.config.json')
    writeFileSync(configPath, readFileSync(configPath, 'utf8').replace('"icon": "shield-lock"', '"icon": "shield-lok"'))
    const [check, checkSeconds] = timed(() => runConfigCheck(dir, ['--format', 'github']))
    const annotations = check.stdout.split('\n').filter((line) => line.startsWith('::error')).length
    const bytes = installBytes(join(dir, 'node_modules'))
    const [megabytes, runtimeMegabytes] = [bytes.packages / 1024 / 1024, bytes.runtime / 1024 / 1024]
    const total = cloneSeconds + installSeconds + checkSeconds
    console.log(
      `${cache} npm cache: clone ${cloneSeconds.toFixed(1)} s, install ${installSeconds.toFixed(1)} s (${megabytes.toFixed(1)} MB of packages, ${runtimeMegabytes.toFixed(1)} MB of Node runtime), check ${checkSeconds.toFixed(1)} s (${annotations} annotation${annotations === 1 ? '' : 's'}, exit ${check.status}); clean clone to annotations ${total.toFixed(1)} s`,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
    if (emptyCache) rmSync(emptyCache, { recursive: true, force: true })
  }
}

console.log(`install: ${lightInstallCommand.join(' ')}`)
run('warm')
run('cold')
console.log('aim: under 60 MB of packages installed and under 20 s from a clean clone to the annotations')
