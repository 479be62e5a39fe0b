/**
 * `npm run bench:lighthouse [-- /route …] [--runs=N] [--no-build]`: Lighthouse 12 (mobile, default
 * simulated throttling) in Debian's Chromium against the built site served by the real server.
 * Without routes it measures every page of the route table (not the 404 page: Lighthouse refuses to
 * score a page answered with status 404). Every route is run once per round, N rounds (default 3),
 * and the median of each figure printed: the four category scores, FCP, LCP,
 * TBT, CLS and the compressed bytes of JavaScript and CSS loaded; then the worst of every column.
 * A benchmark, not a test: it prints figures and never fails on them.
 */
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { distDir } from '../lib/paths.ts'
import { createApp } from '../../server/compose/app.ts'
import { createLogger } from '../../ground/log.ts'
import { ensureBuild } from '../lib/ensure-build.ts'

const runsArg = process.argv.find((arg) => arg.startsWith('--runs='))
const runs = runsArg ? Math.max(1, Number(runsArg.slice('--runs='.length))) : 3

// --no-build measures dist/ as it is (e.g. a --debug build); by default dist/ is brought up to date.
if (!process.argv.includes('--no-build')) ensureBuild(console.log)

const routes = process.argv.slice(2).filter((arg) => arg.startsWith('/'))
if (routes.length === 0) {
  const table: { path: string }[] = JSON.parse(fs.readFileSync(path.join(distDir, '.site-routes.json'), 'utf8'))
  routes.push(...table.map((route) => route.path))
}

const server = createApp({ distDir, log: createLogger({ level: 'silent' }) }).listen(0, '127.0.0.1')
await new Promise((resolve) => server.once('listening', resolve))
const { port } = server.address() as AddressInfo

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})

interface Figures {
  perf: number
  a11y: number
  best: number
  seo: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  js: number
  css: number
}

async function measure(route: string, attempt = 1): Promise<Figures> {
  const result = await lighthouse(`http://127.0.0.1:${port}${route}`, { port: chrome.port, output: 'json', logLevel: 'error' })
  if (!result) throw new Error(`Lighthouse returned nothing for ${route}`)
  const { categories, audits, runtimeError } = result.lhr
  if (runtimeError) {
    // Now and then the trace of a load is lost (NO_NAVSTART): Lighthouse's own advice is to run again.
    if (attempt < 3) return measure(route, attempt + 1)
    throw new Error(`Lighthouse could not measure ${route}: ${runtimeError.code} ${runtimeError.message}`)
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
  const value = (id: string) => audits[id]?.numericValue ?? 0
  const requests = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []
  const bytesOf = (type: string) => requests.filter((item) => item.resourceType === type).reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
  const failing = Object.values(audits).filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
  if (failing.length) console.log(`${route}: failing audits: ${failing.map((audit) => audit.id).join(', ')}`)
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    best: score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    js: bytesOf('Script'),
    css: bytesOf('Stylesheet'),
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const measured = new Map<string, Figures[]>(routes.map((route) => [route, []]))
try {
  // Round by round, every route once per round: a spell of load from elsewhere on the machine
  // (it moves TBT most) then spoils one run of several routes, which the median drops, rather
  // than every run of one route.
  for (let run = 0; run < runs; run++) {
    for (const route of routes) measured.get(route)!.push(await measure(route))
    process.stderr.write(`round ${run + 1}/${runs} measured\n`)
  }
} finally {
  chrome.kill()
  server.close()
}

const medians = new Map<string, Figures>(
  [...measured].map(([route, figures]) => {
    const keys = Object.keys(figures[0]!) as (keyof Figures)[]
    return [route, Object.fromEntries(keys.map((key) => [key, median(figures.map((one) => one[key]))])) as unknown as Figures]
  }),
)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number) => `${Math.round(value)} ms`
const row = (label: string, f: Figures) => [
  label,
  String(f.perf),
  String(f.a11y),
  String(f.best),
  String(f.seo),
  ms(f.fcp),
  ms(f.lcp),
  ms(f.tbt),
  f.cls.toFixed(3),
  kb(f.js),
  kb(f.css),
]
const all = [...medians.values()]
const lowest = (key: keyof Figures) => Math.min(...all.map((f) => f[key]))
const highest = (key: keyof Figures) => Math.max(...all.map((f) => f[key]))
const worst: Figures = {
  perf: lowest('perf'),
  a11y: lowest('a11y'),
  best: lowest('best'),
  seo: lowest('seo'),
  fcp: highest('fcp'),
  lcp: highest('lcp'),
  tbt: highest('tbt'),
  cls: highest('cls'),
  js: highest('js'),
  css: highest('css'),
}
const rows = [
  ['route', 'perf', 'a11y', 'best', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'JS', 'CSS'],
  ...[...medians].map(([route, figures]) => row(route, figures)),
  row(`worst of ${all.length} (median of ${runs} runs each)`, worst),
]
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)))
console.log(`| ${rows[0]!.join(' | ')} |\n|${rows[0]!.map(() => '---').join('|')}|`)
for (const cells of rows.slice(1)) console.log(`| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`)
