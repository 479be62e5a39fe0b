/**
 * `npm run bench:queue`: the form pipeline with the disk outbox and with Redis (BullMQ), side by
 * side in one run:
 *   1. accepted contact submissions per second and p50/p99 latency (durable before the answer:
 *      fsync'd file, or job acknowledged by Redis), one in-process server each;
 *   2. the time 1,000 queued mails take to drain to a local SMTP server with 1 and with 3 server
 *      instances (child processes of server/compose/main.ts) on one Redis.
 * 127.0.0.1 only, bounded (BENCH_SECONDS per load, default 4), throwaway folders and Redis.
 * A benchmark: it prints figures and never fails on them.
 */
import autocannon from 'autocannon'
import { Queue } from 'bullmq'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '../../server/compose/app.ts'
import { createFormsService } from '../../server/compose/forms-service.ts'
import { createLogger } from '../../ground/log.ts'
import { MAIL_QUEUE_NAME } from '../../server/redis/bullmq-queue.ts'
import { startLocalRedis } from '../lib/local-redis.ts'
import { distDir } from '../lib/paths.ts'
import { buildSiteOnce, startServerInstance } from '../lib/server-process.ts'
import { ensureSystemPackages } from '../lib/system-packages.ts'
import { countingSmtpServer, benchContactBody } from './lib/mail-drain.ts'
import { shippedForms } from './lib/shipped-forms.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 4)
const DRAIN_MAILS = 1000
const API_KEY = 'bench-key'
const contact = benchContactBody
const post = (port: number) => ({
  url: `http://127.0.0.1:${port}/api/contact`,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
  body: contact,
})

await ensureSystemPackages('redis')
buildSiteOnce()
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-queue-'))
const redis = await startLocalRedis()

const smtp = await countingSmtpServer()
const smtpUrl = smtp.url

/** One in-process server, delivery not started: this measures accepting only. */
const quiet = createLogger({ level: 'silent' })

async function acceptingServer(redisUrl?: string) {
  const forms = createFormsService({
    forms: shippedForms,
    outboxDir: path.join(tmp, redisUrl ? 'accept-redis' : 'accept-disk'),
    apiKey: API_KEY,
    mailFrom: 'bench@example.com',
    mailTo: ['bench@example.com'],
    smtpUrl,
    rateLimitPerMinute: 1_000_000, // one client address sends everything here
    minSubmitMs: 0,
    ...(redisUrl ? { redisUrl } : {}),
    log: quiet,
  })
  const server = createApp({ distDir, forms, log: quiet }).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  if (redisUrl) while (!(await forms.readiness()).checks.redis) await new Promise((resolve) => setTimeout(resolve, 50))
  return { forms, server, port: (server.address() as AddressInfo).port }
}

const acceptRows = [['queue', 'accepted/s', 'p50', 'p99', 'errors', 'non-2xx']]
for (const [name, url] of [
  ['disk outbox', undefined],
  ['Redis (BullMQ)', redis.url],
] as const) {
  const { forms, server, port } = await acceptingServer(url)
  const result = await autocannon({ ...post(port), connections: 10, duration: seconds })
  acceptRows.push([
    name,
    String(Math.round(result.requests.average)),
    `${result.latency.p50} ms`,
    `${result.latency.p99} ms`,
    String(result.errors + result.timeouts),
    String(result.non2xx),
  ])
  server.close()
  await forms.stop()
}

/** Queue DRAIN_MAILS while the queue is paused, start N instances, resume, time until all are delivered. */
async function drain(instanceCount: number): Promise<number> {
  const queue = new Queue(MAIL_QUEUE_NAME, { connection: { url: redis.url } })
  await queue.obliterate({ force: true })
  await queue.pause()
  const { forms, server, port } = await acceptingServer(redis.url)
  await autocannon({ ...post(port), connections: 10, amount: DRAIN_MAILS })
  server.close()
  await forms.stop()
  const instances = await Promise.all(
    Array.from({ length: instanceCount }, (_, n) =>
      startServerInstance(`bench-${n}`, {
        REDIS_URL: redis.url,
        SMTP_URL: smtpUrl,
        MAIL_TO: 'bench@example.com',
        API_KEY,
        OUTBOX_DIR: path.join(tmp, `drain-${instanceCount}-${n}`),
      }),
    ),
  )
  smtp.reset()
  const startedAt = Date.now()
  await queue.resume()
  while (smtp.received() < DRAIN_MAILS || (await queue.getJobCountByTypes('waiting', 'active', 'delayed')) > 0) {
    if (Date.now() - startedAt > 120_000) throw new Error(`drain with ${instanceCount} instance(s): only ${smtp.received()} delivered after 120 s`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const elapsed = Date.now() - startedAt
  await Promise.all(instances.map((instance) => instance.kill('SIGTERM')))
  await queue.close()
  return elapsed
}

const drainRows = [['instances on one Redis', `${DRAIN_MAILS} mails drained in`, 'mails/s']]
try {
  for (const count of [1, 3]) {
    const ms = await drain(count)
    drainRows.push([String(count), `${ms} ms`, String(Math.round((DRAIN_MAILS * 1000) / ms))])
  }
} finally {
  await smtp.close()
  await redis.stop()
  fs.rmSync(tmp, { recursive: true, force: true })
}

const print = (rows: string[][]) => {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '))
  console.log()
}
console.log(`\nAccepting contact submissions (10 connections, ${seconds} s each, durable before the answer):`)
print(acceptRows)
console.log('Draining queued mail to a local SMTP server (4 mails in flight per instance):')
print(drainRows)
