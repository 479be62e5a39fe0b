/**
 * `npm run bench:content [-- --runs=N]`: the content build as publishing runs it, timed from the
 * process's start to its exit: `node build/server/content-build.js` (the compiled command, no Vite,
 * no TypeScript) turning site.config.json into a new site folder, N times (5 by default), each into
 * an empty folder. Timed twice: with the config check the command runs by itself, and without it
 * (`--checked`), as the publishing server runs it after checking in its own process. Prints the
 * median, fastest and slowest run in seconds; the aim is under 2 s. Needs `npm run build` first. A
 * benchmark: it never fails on the figures.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { root } from '../lib/paths.ts'

const command = path.join(root, 'build', 'server', 'content-build.js')
if (!existsSync(command)) {
  console.error('No build/server/content-build.js: run `npm run build` first.')
  process.exit(1)
}
const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 5)

function seconds(extra: string[]): number[] {
  const times: number[] = []
  for (let run = 0; run < runs; run++) {
    const out = mkdtempSync(path.join(tmpdir(), 'bench-content-'))
    rmSync(out, { recursive: true })
    const started = performance.now()
    const result = spawnSync(process.execPath, [command, '--out', out, ...extra], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } })
    times.push((performance.now() - started) / 1000)
    rmSync(out, { recursive: true, force: true })
    if (result.status !== 0) throw new Error(`The content build failed:\n${result.stdout}${result.stderr}`)
  }
  return times.sort((a, b) => a - b)
}

const figures = (times: number[]) => `median ${times[Math.floor(times.length / 2)]!.toFixed(2)} s (${times[0]!.toFixed(2)}–${times.at(-1)!.toFixed(2)})`
// One run first, not counted: the first read of the bundle and the pages from a cold disk.
seconds(['--checked'])
console.log(`content build of site.config.json, ${runs} runs each, process start to exit (aim: under 2 s):`)
console.log(`  as publishing runs it (checked before, --checked): ${figures(seconds(['--checked']))}`)
console.log(`  as \`npm run build:content\` runs it (with the config check): ${figures(seconds([]))}`)
