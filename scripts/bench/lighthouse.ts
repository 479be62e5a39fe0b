/**
 * `npm run bench:lighthouse [-- /route …]`: Lighthouse 12 (mobile, default simulated throttling)
 * in Debian's Chromium against the built site served by the real server. Prints, per route, the
 * four category scores, FCP, LCP, TBT, CLS and the compressed bytes of JavaScript and CSS loaded.
 * A benchmark, not a test: it prints figures and never fails on them.
 */
import type { AddressInfo } from 'node:net'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { distDir } from '../lib/paths.ts'
import { createApp } from '../../server/app.ts'
import { createLogger } from '../../server/log.ts'
import { ensureBuild } from '../lib/ensure-build.ts'

const routes = process.argv.slice(2).filter((arg) => arg.startsWith('/'))
if (routes.length === 0) routes.push('/', '/about', '/services')

// --no-build measures dist/ as it is (e.g. a --debug build); by default dist/ is brought up to date.
if (!process.argv.includes('--no-build')) ensureBuild(console.log)
const server = createApp({ distDir, log: createLogger({ level: 'silent' }) }).listen(0, '127.0.0.1')
await new Promise((resolve) => server.once('listening', resolve))
const { port } = server.address() as AddressInfo

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const rows: string[][] = [['route', 'perf', 'a11y', 'best', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'JS', 'CSS']]
try {
  for (const route of routes) {
    const result = await lighthouse(`http://127.0.0.1:${port}${route}`, { port: chrome.port, output: 'json', logLevel: 'error' })
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`)
    const { categories, audits } = result.lhr
    const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100))
    const requests = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []
    const bytesOf = (type: string) => requests.filter((item) => item.resourceType === type).reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
    rows.push([
      route,
      score('performance'),
      score('accessibility'),
      score('best-practices'),
      score('seo'),
      `${Math.round(audits['first-contentful-paint']?.numericValue ?? 0)} ms`,
      `${Math.round(audits['largest-contentful-paint']?.numericValue ?? 0)} ms`,
      `${Math.round(audits['total-blocking-time']?.numericValue ?? 0)} ms`,
      (audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
      kb(bytesOf('Script')),
      kb(bytesOf('Stylesheet')),
    ])
    const failing = Object.values(audits).filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
    if (failing.length) console.log(`${route}: failing audits: ${failing.map((audit) => audit.id).join(', ')}`)
  }
} finally {
  chrome.kill()
  server.close()
}

const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '))
