// @vitest-environment node
import { readdirSync } from 'node:fs'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startSiteServer, temporaryOutbox, until, type SiteServer } from '../../scripts/harness/site-server.ts'
import { makeTinyDist } from './support/tiny-site.ts'

/** The production headers limit is 20 s (server/http/http-server.ts); scaled down so the test takes seconds. */
const HEADERS_TIMEOUT_MS = 1000
/** How many attackers at once; SLOW_CLIENTS=500 runs the probe at the size that exhausts a default descriptor limit. */
const CLIENTS = Number(process.env.SLOW_CLIENTS ?? 50)

let server: SiteServer
const cleanups: Array<() => unknown> = []
beforeAll(async () => {
  const outbox = await temporaryOutbox()
  cleanups.push(outbox.remove)
  // The server in a process of its own, so its descriptors are counted apart from the clients'.
  server = await startSiteServer({
    outboxDir: outbox.dir,
    smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
    command: [process.execPath, '--import', 'tsx', 'server/compose/main.ts'],
    env: { DIST_DIR: makeTinyDist(), HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), KEEP_ALIVE_TIMEOUT_MS: '200', LOG_LEVEL: 'warn' },
  })
  cleanups.push(server.stop)
  // The start-up check's keep-alive connection closes first, so the baseline holds no client.
  await new Promise((resolve) => setTimeout(resolve, 500))
}, 60_000)
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

const openDescriptors = () => readdirSync(`/proc/${server.pid}/fd`).length

/** A slowloris client: sends a header byte every 200 ms for as long as the test runs and never reads the answer. */
function tricklingClient(): () => void {
  const socket = net.connect(server.port, '127.0.0.1')
  socket.on('error', () => {}) // the server hangs up on it: that is the point
  socket.write('GET / HTTP/1.1\r\nHost: x\r\n')
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write('X')
  }, 200)
  return () => {
    clearInterval(timer)
    socket.destroy()
  }
}

describe('slow clients that never read', () => {
  it(`${CLIENTS} of them hold no descriptor of the server past the headers limit`, async () => {
    const baseline = openDescriptors()
    const stops = Array.from({ length: CLIENTS }, tricklingClient)
    cleanups.push(() => stops.forEach((stop) => stop()))
    await until(`the server to hold the ${CLIENTS} connections`, () => openDescriptors() >= baseline + CLIENTS, 5000)

    // The clients keep writing all along; the server must still let go of every one.
    const started = Date.now()
    await until('the server to be back at its baseline of descriptors', () => openDescriptors() <= baseline, HEADERS_TIMEOUT_MS + 5000)
    expect(Date.now() - started).toBeLessThan(HEADERS_TIMEOUT_MS + 5000)
    // And it still serves.
    expect((await fetch(`${server.url}/health`)).status).toBe(200)
  }, 30_000)
})
