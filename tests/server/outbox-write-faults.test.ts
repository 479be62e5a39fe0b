// @vitest-environment node
import { readdir } from 'node:fs/promises'
import { join, sep } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hashIdempotencyKey } from '../../server/forms/forms-middleware.ts'
import { createOutbox } from '../../server/disk/outbox.ts'
import { fileFaults, type FileFault } from './support/file-faults.ts'
import { afterTest, cleanUpAfterEachTest, formsTestApp, pendingMessages, smtpServerForTest, temporaryDir, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { waitFor, type DataReply } from './support/smtp-test-server.ts'

// Hoisted above the imports: the factory loads the fault module itself.
vi.mock('node:fs/promises', async (importOriginal) => (await import('./support/file-faults.ts')).withFaults(await importOriginal()))

cleanUpAfterEachTest()
afterEach(() => fileFaults.reset())

const under = (folder: string) => (path: string) => path.includes(`${sep}${folder}${sep}`)
const messageIdsOf = (smtp: Awaited<ReturnType<typeof smtpServerForTest>>) => smtp.received.map(({ parsed }) => parsed.messageId)
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A forms app on a fresh outbox that sends to a test SMTP server (answering with `reply`) until the
 * test ends, with `faults` on the file system from before it starts.
 */
async function deliveringApp({ faults = [], reply, ...options }: { faults?: FileFault[]; reply?: DataReply } & Partial<Parameters<typeof formsTestApp>[0]> = {}) {
  const smtp = await smtpServerForTest(reply)
  const outboxDir = await temporaryDir()
  fileFaults.rules.push(...faults)
  const app = formsTestApp({ outboxDir, smtpUrl: smtp.url, ...options })
  app.service.start()
  afterTest(() => app.service.stop())
  return { smtp, outboxDir, app }
}

describe('when the record of a delivery cannot be written', () => {
  it('does not send the mail again: it retries only the record, waiting longer each time, until it is written', async () => {
    // The commit (the rename into sent/) fails five times, as on a failing disk.
    const { smtp, outboxDir, app } = await deliveringApp({ faults: [{ operation: 'rename', matches: under('sent'), code: 'EIO', times: 5 }], retryBaseMs: 20, retryMaxMs: 1000 })

    const answer = await app.http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    const id = answer.body.data.reference as string
    await waitFor(async () => (await app.service.health()).outbox?.depth === 0, 5000)
    await pause(200) // a second copy would arrive now

    expect(messageIdsOf(smtp)).toEqual([`<${id}@example.com>`])
    expect(smtp.dataAttempts()).toBe(1)
    const tries = app.logEntries().filter(({ msg }) => msg === 'outbox bookkeeping failed; trying again later')
    expect(tries.map(({ retryInMs, sent }) => ({ retryInMs, sent }))).toEqual([20, 40, 80, 160, 320].map((retryInMs) => ({ retryInMs, sent: true })))
    expect(app.logEntries()).toContainEqual(expect.objectContaining({ id, msg: 'mail delivered', recordedLate: true }))
    expect(await readdir(join(outboxDir, 'sent'))).toEqual([`${id}.json`])
  })

  it('keeps a retry schedule it cannot write in memory: a refused mail is retried at its doubling delay, not at once', async () => {
    const attemptedAt: number[] = []
    const reply = () => {
      attemptedAt.push(Date.now())
      return { code: 451, message: 'Try again later' }
    }
    const { outboxDir, app } = await deliveringApp({ reply, faults: [{ operation: 'write', matches: under('retry'), code: 'ENOSPC' }], retryBaseMs: 50, retryMaxMs: 400 })

    await app.http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    await waitFor(() => attemptedAt.length >= 4, 5000)
    // 50, 100, 200 ms apart (a few ms of timer slack), where "sweep failed, try again" sent at once.
    const gaps = attemptedAt.slice(1, 4).map((at, index) => at - attemptedAt[index]!)
    expect(gaps.map((gap, index) => gap >= 50 * 2 ** index - 5)).toEqual([true, true, true])
    const retries = app.logEntries().filter(({ msg }) => msg === 'mail attempt failed, will retry')
    expect(retries.slice(0, 3).map(({ attempts, retryInMs }) => ({ attempts, retryInMs }))).toEqual([
      { attempts: 1, retryInMs: 50 },
      { attempts: 2, retryInMs: 100 },
      { attempts: 3, retryInMs: 200 },
    ])
    expect(app.logEntries()).toContainEqual(expect.objectContaining({ msg: 'the retry schedule could not be written; kept in memory' }))
    expect(await pendingMessages(outboxDir)).toHaveLength(1)
  })
})

describe('an Idempotency-Key whose answer cannot be written', () => {
  const send = (app: ReturnType<typeof formsTestApp>, key: string) =>
    app.http.post('/api/contact').set('x-api-key', TEST_API_KEY).set('Idempotency-Key', key).send(validPayloads.contact)

  it('on a full disk: answered 503 with Retry-After, and nothing is sent; the retry is sent once', async () => {
    const { smtp, outboxDir, app } = await deliveringApp()
    fileFaults.rules.push({ operation: 'write', matches: under('idempotency'), code: 'ENOSPC' })
    const refused = await send(app, 'full-disk-1')
    expect(refused.status).toBe(503)
    expect(refused.headers['retry-after']).toBeDefined()
    expect(refused.body).toMatchObject({ success: false, error: 'outbox_full' })
    await pause(300) // a mail would arrive now
    expect(smtp.dataAttempts()).toBe(0)
    expect(await pendingMessages(outboxDir)).toEqual([])

    fileFaults.reset()
    const retried = await send(app, 'full-disk-1')
    expect(retried.status).toBe(200)
    await waitFor(() => smtp.received.length === 1)
    const replayed = await send(app, 'full-disk-1')
    expect(replayed.headers['idempotent-replayed']).toBe('true')
    expect(replayed.body).toEqual(retried.body)
    await pause(200)
    expect(messageIdsOf(smtp)).toEqual([`<${retried.body.data.reference}@example.com>`])
  })

  it('on a failing disk: answered 500, and nothing is sent', async () => {
    const { smtp, app } = await deliveringApp()
    fileFaults.rules.push({ operation: 'write', matches: under('idempotency'), code: 'EIO', times: 1 })
    const refused = await send(app, 'failing-disk-1')
    expect(refused.status).toBe(500)
    expect(refused.body).toMatchObject({ success: false, error: 'internal_error' })
    await pause(300)
    expect(smtp.dataAttempts()).toBe(0)
    expect(app.logEntries()).toContainEqual(expect.objectContaining({ msg: 'the answer for an idempotency key could not be written: submission withdrawn, not sent' }))
  })

  it('answers 200 when an earlier request queued the message (and died before answering): it is sent once', async () => {
    const smtp = await smtpServerForTest()
    const outboxDir = await temporaryDir()
    // What a process killed between storing a message and remembering its answer leaves behind.
    const id = `contact-k${hashIdempotencyKey('contact', 'crashed-1')}`
    await createOutbox(outboxDir).enqueue({ version: 1, id, form: 'contact', receivedAt: new Date().toISOString(), fields: validPayloads.contact })

    const app = formsTestApp({ outboxDir, smtpUrl: smtp.url })
    app.service.start()
    afterTest(() => app.service.stop())
    fileFaults.rules.push({ operation: 'write', matches: under('idempotency'), code: 'ENOSPC' })
    const retried = await send(app, 'crashed-1')
    expect(retried.status).toBe(200)
    expect(retried.body.data.reference).toBe(id)
    await waitFor(() => smtp.received.length === 1)
    await pause(200)
    expect(messageIdsOf(smtp)).toEqual([`<${id}@example.com>`])
  })
})
