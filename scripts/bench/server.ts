/**
 * `npm run bench:server`: what the production server (build/server/main.js, in a process of its
 * own, as it runs in production) holds on loopback: the health check, prerendered pages (brotli)
 * beside a bare node:http server returning the same page (also its own process), and a contact
 * submission (fsync'd to the outbox before the answer) with p50/p99; then how fast a burst of
 * queued mail drains to a local SMTP server (BENCH_DRAIN_MAILS, default 2000). Bounded: a few
 * seconds per target (BENCH_SECONDS), 127.0.0.1 only, a throwaway outbox. A benchmark: it prints
 * figures and never fails on them.
 */
import autocannon from 'autocannon'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureBuild } from '../lib/ensure-build.ts'
import { freePort } from '../lib/local-redis.ts'
import { distDir, root } from '../lib/paths.ts'
import { measureMailDrain, benchContactBody } from './lib/mail-drain.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 4)
if (!process.argv.includes('--no-build')) ensureBuild(console.log)

async function startProcess(args: string[], env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' })
  for (let tries = 0; tries < 200; tries += 1) {
    if (
      await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      )
    )
      return child
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  child.kill()
  throw new Error(`${args.join(' ')} did not start on port ${port}`)
}

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-outbox-'))
const [port, plainPort] = [await freePort(), await freePort()]
const server = await startProcess(
  ['build/server/main.js'],
  {
    PORT: String(port),
    NODE_ENV: 'production',
    OUTBOX_DIR: outboxDir,
    API_KEY: 'bench-key',
    // One client address sends everything here; the limit has its own tests.
    RATE_LIMIT_PER_MINUTE: '100000000',
    MIN_SUBMIT_MS: '0',
    LOG_LEVEL: 'info', // every access line written, as in production (to /dev/null here)
  },
  port,
)
const plain = await startProcess([path.join(root, 'scripts/bench/lib/plain-http-server.mjs'), distDir, '/services', String(plainPort)], {}, plainPort)

const contact = benchContactBody
const origin = `http://127.0.0.1:${port}`
const targets: { name: string; options: autocannon.Options }[] = [
  { name: 'GET /health', options: { url: `${origin}/health` } },
  { name: 'GET / (br)', options: { url: `${origin}/`, headers: { 'accept-encoding': 'br' } } },
  { name: 'GET /services (br)', options: { url: `${origin}/services`, headers: { 'accept-encoding': 'br' } } },
  { name: 'plain node:http, same page', options: { url: `http://127.0.0.1:${plainPort}/services`, headers: { 'accept-encoding': 'br' } } },
  {
    name: 'POST /api/contact',
    options: { url: `${origin}/api/contact`, method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'bench-key' }, body: contact, connections: 10 },
  },
]

const rows = [['target', 'req/s', 'p50', 'p99', 'errors', 'non-2xx']]
try {
  for (const { name, options } of targets) {
    const result = await autocannon({ connections: 50, duration: seconds, ...options })
    rows.push([
      name,
      Math.round(result.requests.average).toString(),
      `${result.latency.p50} ms`,
      `${result.latency.p99} ms`,
      String(result.errors + result.timeouts),
      String(result.non2xx),
    ])
  }
} finally {
  plain.kill()
  server.kill('SIGTERM')
}
const perSecond = (name: string) => Number(rows.find((row) => row[0] === name)?.[1])
const ratio = perSecond('GET /services (br)') / perSecond('plain node:http, same page')
const drained = await measureMailDrain(Number(process.env.BENCH_DRAIN_MAILS ?? 2000))
rows.push([`mail drain: ${drained.count} queued → local SMTP`, `${Math.round(drained.perSecond)} mails/s`, `${drained.seconds.toFixed(2)} s`, '', '', ''])
fs.rmSync(outboxDir, { recursive: true, force: true })
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '))
console.log(`Koa page / plain node:http: ${ratio.toFixed(2)}× (target ≥ 0.7×); submission p99 target ≤ 20 ms`)
