/**
 * `npm run bench:lighthouse [-- /route …] [--runs=N] [--no-build]`: Lighthouse 12 (mobile, default
 * simulated throttling) in Debian's Chromium, side by side, against the built site and against its
 * zero-JS floor: the same dist/ with every script taken out of its pages (bench/lib/zero-js-floor.ts),
 * each served by the real server. Without routes it measures every page of the route table (not the
 * 404 page: Lighthouse refuses to score a page answered with status 404). Every route is run on both
 * once per round, N rounds (default 3), and the median of each figure printed per route: LCP of the
 * site and of the floor and their ratio, TBT of both and the difference, the JavaScript loaded
 * (brotli, as transferred, headers included), the script requests made before the page went idle (Lighthouse waits
 * for the network and the main thread to be quiet), the performance score, and which of the aims
 * each meets: LCP within 1.05× the floor, TBT within 50 ms of it, at most 50 KB of JavaScript on a
 * content page (a page without a form) and at most 8 script requests.
 * A benchmark, not a test: it prints figures and never fails on them.
 */
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { distDir } from '../lib/paths.ts'
import { createApp } from '../../server/compose/app.ts'
import { createLogger } from '../../ground/log.ts'
import { ensureBuild } from '../lib/ensure-build.ts'
import { builtSiteFiles } from '../../site/built-site-files.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { writeZeroJsFloor } from './lib/zero-js-floor.ts'

const runsArg = process.argv.find((arg) => arg.startsWith('--runs='))
const runs = runsArg ? Math.max(1, Number(runsArg.slice('--runs='.length))) : 3

// --no-build measures dist/ as it is (e.g. a --debug build); by default dist/ is brought up to date.
if (!process.argv.includes('--no-build')) ensureBuild(console.log)

const routes = process.argv.slice(2).filter((arg) => arg.startsWith('/'))
if (routes.length === 0) {
  const table: { path: string }[] = JSON.parse(fs.readFileSync(path.join(distDir, builtSiteFiles.routes), 'utf8'))
  routes.push(...table.map((route) => route.path))
}
const config = JSON.parse(fs.readFileSync(path.join(distDir, builtSiteFiles.configText), 'utf8')) as SiteConfig
/** Pages with a form carry the form client: the 50 KB aim is for the others, the content pages. */
const formPages = new Set(config.routes.filter((route) => route.blocks.some((block) => block.type === 'form')).map((route) => route.path))

const aims = { lcpRatio: 1.05, tbtOverFloor: 50, contentPageJs: 50 * 1024, scriptRequests: 8 }

const floorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-js-floor-'))
await writeZeroJsFloor(distDir, floorDir)

async function serve(dir: string) {
  const server = createApp({ distDir: dir, log: createLogger({ level: 'silent' }) }).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}
const sites = { ours: await serve(distDir), floor: await serve(floorDir) }

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})

interface Figures {
  perf: number
  lcp: number
  tbt: number
  js: number
  scripts: number
}

let lighthouseVersion = ''

async function measure(url: string, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { categories, audits, runtimeError } = result.lhr
  if (runtimeError) {
    // Now and then the trace of a load is lost (NO_NAVSTART): Lighthouse's own advice is to run again.
    if (attempt < 3) return measure(url, attempt + 1)
    throw new Error(`Lighthouse could not measure ${url}: ${runtimeError.code} ${runtimeError.message}`)
  }
  lighthouseVersion = result.lhr.lighthouseVersion
  const value = (id: string) => audits[id]?.numericValue ?? 0
  const requests = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []
  const scripts = requests.filter((item) => item.resourceType === 'Script')
  return {
    perf: Math.round((categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    js: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scripts: scripts.length,
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const measured = new Map(routes.map((route) => [route, { ours: [] as Figures[], floor: [] as Figures[] }]))
try {
  // Round by round, every route once per round, the site and its floor one after the other (which
  // goes first alternates): a spell of load from elsewhere on the machine (it moves TBT most) then
  // spoils one run of both, which the median drops, rather than every run of one of them.
  for (let run = 0; run < runs; run++) {
    for (const route of routes) {
      const order = run % 2 === 0 ? (['ours', 'floor'] as const) : (['floor', 'ours'] as const)
      for (const site of order) measured.get(route)![site].push(await measure(sites[site].origin + route))
    }
    process.stderr.write(`round ${run + 1}/${runs} measured\n`)
  }
} finally {
  chrome.kill()
  sites.ours.server.close()
  sites.floor.server.close()
  fs.rmSync(floorDir, { recursive: true, force: true })
}

const medianOf = (figures: Figures[]): Figures => {
  const keys = Object.keys(figures[0]!) as (keyof Figures)[]
  return Object.fromEntries(keys.map((key) => [key, median(figures.map((one) => one[key]))])) as unknown as Figures
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number) => `${Math.round(value)}`
const mark = (held: boolean) => (held ? 'yes' : 'NO')
const rows = [
  [
    'route',
    'LCP ours / floor ms',
    'ratio',
    'TBT ours / floor ms',
    'diff',
    'perf ours / floor',
    'JS transferred',
    'scripts',
    'LCP ≤ 1.05×',
    'TBT ≤ +50',
    'JS ≤ 50 KB',
    'scripts ≤ 8',
  ],
]
for (const [route, both] of measured) {
  const ours = medianOf(both.ours)
  const floor = medianOf(both.floor)
  const ratio = floor.lcp > 0 ? ours.lcp / floor.lcp : Infinity
  const difference = ours.tbt - floor.tbt
  const contentPage = !formPages.has(route)
  rows.push([
    route,
    `${ms(ours.lcp)} / ${ms(floor.lcp)}`,
    `${ratio.toFixed(2)}×`,
    `${ms(ours.tbt)} / ${ms(floor.tbt)}`,
    `${difference >= 0 ? '+' : ''}${ms(difference)}`,
    `${ours.perf} / ${floor.perf}`,
    kb(ours.js),
    String(ours.scripts),
    mark(ratio <= aims.lcpRatio),
    mark(difference <= aims.tbtOverFloor),
    contentPage ? mark(ours.js <= aims.contentPageJs) : 'form page',
    mark(ours.scripts <= aims.scriptRequests),
  ])
}
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)))
console.log(`Median of ${runs} runs each, the site and its zero-JS floor side by side (Lighthouse ${lighthouseVersion}, mobile, simulated throttling).`)
console.log(`| ${rows[0]!.join(' | ')} |\n|${rows[0]!.map(() => '---').join('|')}|`)
for (const cells of rows.slice(1)) console.log(`| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`)
