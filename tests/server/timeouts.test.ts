// @vitest-environment node
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { pendingMessages, TEST_API_KEY } from './support/forms-test-app.ts'
import { liveServerForFile } from './support/live-server.ts'

/** The production limits are 20 s / 60 s / 5 s (server/http/http-server.ts); scaled down here to keep the test short. */
const LIMITS = { headersMs: 600, requestMs: 1500, keepAliveMs: 300 }

const server = liveServerForFile({}, LIMITS)

/** Opens a connection, writes `chunks` one per `everyMs`, and reports what came back and when the server hung up. */
function tricklingClient(chunks: string[], everyMs: number): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now()
    const socket = net.connect(server().port, '127.0.0.1')
    let answer = ''
    let next = 0
    const timer = setInterval(() => {
      if (next < chunks.length && !socket.destroyed) socket.write(chunks[next++]!)
    }, everyMs)
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearInterval(timer)
      resolve({ closedAfterMs: Date.now() - started, answer })
    })
  })
}

describe('a slow client', () => {
  it('trickling its headers (slowloris) is cut off after the headers limit', async () => {
    const headerLines = Array.from({ length: 100 }, (_, index) => `X-Slow-${index}: a\r\n`)
    const { closedAfterMs, answer } = await tricklingClient(['GET / HTTP/1.1\r\nHost: x\r\n', ...headerLines], 100)
    expect(closedAfterMs).toBeLessThan(LIMITS.headersMs + 1500)
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
  })

  it('trickling an upload is answered 408 in JSON after the request limit, and nothing is half-written in the outbox', async () => {
    const body = '{"name":"Asha Roy","email":"asha.roy@example.org","subject":"services","message":"' + 'x'.repeat(200) + '"}'
    const head = `POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nx-api-key: ${TEST_API_KEY}\r\nContent-Length: ${body.length}\r\n\r\n`
    const pieces = body.match(/.{1,10}/g) ?? []
    const { closedAfterMs, answer } = await tricklingClient([head, ...pieces], 100)
    expect(closedAfterMs).toBeLessThan(LIMITS.requestMs + 1500)
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
    expect(answer).toContain('"error":"request_timeout"')
    expect(await pendingMessages(server().outboxDir)).toEqual([])
  })

  it('an upload whose client goes on sending after its 408 is not accepted, and its socket is closed', async () => {
    const body = '{"name":"Asha Roy","email":"asha.roy@example.org","subject":"services","message":"Sent after the timeout.","fillTimeMs":5000}'
    const head = `POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nx-api-key: ${TEST_API_KEY}\r\nContent-Length: ${body.length}\r\n\r\n`
    const socket = net.connect(server().port, '127.0.0.1')
    let answer = ''
    socket.on('error', () => {})
    const closed = new Promise((resolve) => socket.on('close', resolve))
    const answered = new Promise<void>((resolve) =>
      socket.on('data', (chunk) => {
        answer += chunk.toString()
        resolve()
      }),
    )
    socket.write(head + body.slice(0, 10))
    await answered
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
    // The rest of a now complete, valid submission, sent after the refusal.
    socket.write(body.slice(10))
    const started = Date.now()
    await closed
    expect(Date.now() - started).toBeLessThan(2500)
    await new Promise((resolve) => setTimeout(resolve, 300)) // time enough to queue and deliver, had it been accepted
    expect(server().logs.filter((line) => line.includes('submission accepted'))).toEqual([])
    expect(await pendingMessages(server().outboxDir)).toEqual([])
    expect(server().smtp.received).toEqual([])
  })

  it('an idle keep-alive connection is closed after the keep-alive limit', async () => {
    const { closedAfterMs, answer } = await tricklingClient(['GET /health HTTP/1.1\r\nHost: x\r\n\r\n'], 10)
    expect(answer).toMatch(/^HTTP\/1\.1 200/)
    expect(closedAfterMs).toBeLessThan(LIMITS.keepAliveMs + 1500)
  })
})
