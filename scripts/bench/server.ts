/**
 * `npm run bench:server`: requests per second the real Koa app holds on loopback, for the health
 * check, prerendered pages (brotli) and a contact form submission (written and fsync'd to the
 * outbox before the answer), and how fast a burst of queued mail drains to a local SMTP server
 * (BENCH_DRAIN_MAILS, default 2000). Bounded: a few seconds per target, 127.0.0.1 only, a throwaway
 * outbox. A benchmark: it prints figures and never fails on them.
 */
import autocannon from 'autocannon'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '../../server/app.ts'
import { ensureBuild } from '../lib/ensure-build.ts'
import { createFormsService } from '../../server/forms/createFormsService.ts'
import { createHttpServer } from '../../server/http-server.ts'
import { createLogger } from '../../server/log.ts'
import { distDir } from '../lib/paths.ts'
import { measureMailDrain } from './lib/mail-drain.ts'
import { startPlainPageServer } from './lib/plain-http.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 4)
if (!process.argv.includes('--no-build')) ensureBuild(console.log)

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-outbox-'))
const forms = createFormsService({
  outboxDir,
  apiKey: 'bench-key',
  mailFrom: 'bench@example.com',
  mailTo: ['bench@example.com'],
  // One client address sends everything here; the limit has its own tests.
  rateLimitPerMinute: 1_000_000,
  minSubmitMs: 0,
  log: createLogger({ level: 'silent' }),
})
const plain = await startPlainPageServer(distDir, '/services')
// As production runs it: the same node:http server with its timeouts, a real logger writing
// every access line (to /dev/null here, so the terminal is not the bottleneck).
const log = createLogger({ level: 'info', destination: fs.createWriteStream('/dev/null') })
const server = createHttpServer(createApp({ distDir, forms, log }))
server.listen(0, '127.0.0.1')
await new Promise((resolve) => server.once('listening', resolve))
const { port } = server.address() as AddressInfo

const contact = JSON.stringify({ name: 'Asha Roy', email: 'asha.roy@example.org', phone: '+91 98300 12345', subject: 'services', message: 'Please call me about firewalls for three offices.' })
const targets: { name: string; options: autocannon.Options }[] = [
  { name: 'GET /health', options: { url: `http://127.0.0.1:${port}/health` } },
  { name: 'GET / (br)', options: { url: `http://127.0.0.1:${port}/`, headers: { 'accept-encoding': 'br' } } },
  { name: 'GET /services (br)', options: { url: `http://127.0.0.1:${port}/services`, headers: { 'accept-encoding': 'br' } } },
  { name: 'plain node:http, same page', options: { url: plain.url, headers: { 'accept-encoding': 'br' } } },
  {
    name: 'POST /api/contact',
    options: { url: `http://127.0.0.1:${port}/api/contact`, method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'bench-key' }, body: contact, connections: 10 },
  },
]

const rows = [['target', 'req/s', 'p50', 'p99', 'errors', 'non-2xx']]
try {
  for (const { name, options } of targets) {
    const result = await autocannon({ connections: 50, duration: seconds, ...options })
    rows.push([name, Math.round(result.requests.average).toString(), `${result.latency.p50} ms`, `${result.latency.p99} ms`, String(result.errors + result.timeouts), String(result.non2xx)])
  }
} finally {
  plain.close()
  server.close()
  await forms.stop()
  fs.rmSync(outboxDir, { recursive: true, force: true })
}
const perSecond = (name: string) => Number(rows.find((row) => row[0] === name)?.[1])
const ratio = perSecond('GET /services (br)') / perSecond('plain node:http, same page')
console.log(`Koa page / plain node:http: ${ratio.toFixed(2)}× (target ≥ 0.7×)`)
const drained = await measureMailDrain(Number(process.env.BENCH_DRAIN_MAILS ?? 2000))
rows.push([`mail drain: ${drained.count} queued → local SMTP`, `${Math.round(drained.perSecond)} mails/s`, `${drained.seconds.toFixed(2)} s`, '', '', ''])
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '))
