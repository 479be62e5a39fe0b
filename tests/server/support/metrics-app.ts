import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'
import type Koa from 'koa'
import request from 'supertest'
import { expect } from 'vitest'
import type { FormsServiceOptions } from '../../../server/compose/forms-service.ts'
import { afterTest, smtpServerForTest } from './forms-test-app.ts'
import { parseSamples } from './prometheus-text.ts'
import type { DataReply } from './smtp-test-server.ts'
import { wholeApp } from './whole-app.ts'

/** The whole app with a disk outbox (or Redis, given `redisUrl`) and a local SMTP server; delivery starts only when asked, so mail can wait in the queue. */
export async function startApp({
  metricsToken,
  deliver = false,
  smtpReply,
  rateLimitPerMinute = 1000,
  statfs,
  redisUrl,
}: { metricsToken?: string; deliver?: boolean; smtpReply?: DataReply; rateLimitPerMinute?: number; statfs?: FormsServiceOptions['statfs']; redisUrl?: string } = {}) {
  const smtp = await smtpServerForTest(smtpReply)
  const started = await wholeApp(
    { smtpUrl: smtp.url, rateLimitPerMinute, retryBaseMs: 20, retryMaxMs: 100, ...(statfs ? { statfs } : {}), ...(redisUrl ? { redisUrl } : {}) },
    { metricsToken },
  )
  if (deliver) started.forms.start()
  return started
}

/** Through supertest the client is on loopback: the scraper on the same machine. */
export async function scrape(http: ReturnType<typeof request>) {
  const answer = await http.get('/metrics')
  expect(answer.status).toBe(200)
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
  expect(answer.headers['cache-control']).toBe('no-store')
  return parseSamples(answer.text)
}

/**
 * The app on an address of this machine that is not loopback, so its sockets see a remote client.
 * Where the machine has no such interface, the socket's address is set to a documentation address
 * before the app sees the request: the same check runs on the same property.
 */
export async function listenAsSeenFromOutside(app: Koa): Promise<string> {
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address
  const handle = app.callback()
  const server = createServer((req, res) => {
    if (!outside) Object.defineProperty(req.socket, 'remoteAddress', { value: '198.51.100.7', configurable: true })
    void handle(req, res)
  })
  const host = outside ?? '127.0.0.1'
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  afterTest(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return `http://${host}:${(server.address() as AddressInfo).port}`
}
