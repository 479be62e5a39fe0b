// @vitest-environment node
/** The BullMQ worker's retry and dead-letter rules, in process, against a real redis-server and smtp-server. */
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { localRedisForEachTest } from './support/local-redis-suite.ts'
import type { FormsServiceOptions } from '../../server/compose/forms-service.ts'
import { afterTest, cleanUpAfterEachTest, formsTestApp, TEST_API_KEY, temporaryDir, validPayloads } from './support/forms-test-app.ts'
import { ATTEMPTS_BEFORE_GIVING_UP, scheduleClock, TEST_SCHEDULE } from './support/schedule-clock.ts'
import { startSmtpServer, waitFor, type DataReply } from './support/smtp-test-server.ts'
import { pdfFile } from './support/resume-files.ts'

const local = localRedisForEachTest()
cleanUpAfterEachTest()

async function redisApp(reply: DataReply | undefined, options: Partial<FormsServiceOptions> = {}, time?: ReturnType<typeof scheduleClock>) {
  const smtp = await startSmtpServer(reply ? { reply } : {})
  afterTest(smtp.close)
  const outboxDir = await temporaryDir()
  const app = formsTestApp({ outboxDir, smtpUrl: smtp.url, redisUrl: local.redis.url, ...options, ...(time ? { clock: time.clock } : {}) })
  afterTest(() => app.service.stop())
  if (time) app.service.onDeliveryAttempt(time.onAttempt)
  await waitFor(async () => (await app.service.readiness()).checks.redis === true, 5000)
  app.service.start()
  const answer = await app.http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
  expect(answer.status).toBe(200)
  return { smtp, app, outboxDir, id: answer.body.data.reference as string }
}

describe('the Redis queue', () => {
  it('carries a résumé inside its job, so any instance can send it, and keeps nothing of it on the disk it was read to', async () => {
    const { smtp, app, outboxDir } = await redisApp(undefined)
    const { resume: _name, ...fields } = validPayloads.career
    const resume = Buffer.concat([pdfFile(), Buffer.alloc(400 * 1024, 0x42)])
    const answer = await app.http.post('/api/career').set('x-api-key', TEST_API_KEY).field(fields).attach('resume', resume, 'Asha CV.pdf')
    expect(answer.status).toBe(200)
    await waitFor(() => smtp.received.some(({ parsed }) => parsed.attachments.length > 0), 10_000)
    const mail = smtp.received.find(({ parsed }) => parsed.attachments.length > 0)
    expect(mail?.parsed.attachments[0]?.content.equals(resume)).toBe(true)
    expect(await readdir(join(outboxDir, 'uploads'))).toEqual([])
  })

  it('retries a transient refusal with backoff and delivers once, with the Message-ID of the job', async () => {
    const { smtp, app, id } = await redisApp((attempt) => (attempt <= 2 ? { code: 451, message: 'try later' } : undefined))
    await waitFor(() => smtp.received.length === 1, 10_000)
    await waitFor(async () => (await app.service.readiness()).outbox?.depth === 0, 5000)
    expect(smtp.dataAttempts()).toBe(3)
    expect(smtp.received[0]?.parsed.messageId).toBe(`<${id}@example.com>`)
    expect(await local.client.hget(`forms:delivery:${id}`, 'state')).toBe('sent')
    expect(await app.service.readiness()).toMatchObject({ ready: true, checks: { redis: true, mailTransport: true }, outbox: { depth: 0, deadLetters: 0 } })
  })

  it('makes a 5xx refusal a dead letter at once, with the reason', async () => {
    const { smtp, app } = await redisApp(() => ({ code: 550, message: 'mailbox unavailable' }))
    await waitFor(async () => (await app.service.readiness()).outbox?.deadLetters === 1, 10_000)
    expect(smtp.dataAttempts()).toBe(1)
    const [failed] = await local.client.zrange('bull:form-mail:failed', '0', '-1')
    expect(await local.client.hget(`bull:form-mail:${failed}`, 'failedReason')).toMatch(/refused permanently: .*550/)
    expect(app.logEntries()).toContainEqual(expect.objectContaining({ level: 'error', msg: 'mail refused permanently: a dead letter' }))
  })

  it('gives up on a mail still failing after MAIL_MAX_AGE_MS, with its last error', async () => {
    const { smtp, app } = await redisApp(() => ({ code: 451, message: 'greylisted' }), { maxAgeMs: 400 })
    await waitFor(async () => (await app.service.readiness()).outbox?.deadLetters === 1, 10_000)
    expect(smtp.dataAttempts()).toBeGreaterThan(1)
    const [failed] = await local.client.zrange('bull:form-mail:failed', '0', '-1')
    expect(await local.client.hget(`bull:form-mail:${failed}`, 'failedReason')).toMatch(/gave up after \d+ attempts .*451/)
  })

  it('gives up when the delivery policy says, on the service clock: the same attempt as the disk outbox', async () => {
    const time = scheduleClock()
    const { smtp, app } = await redisApp(() => ({ code: 451, message: 'greylisted' }), TEST_SCHEDULE, time)
    await waitFor(async () => (await app.service.readiness()).outbox?.deadLetters === 1, 10_000)
    // Attempts at ages 0, 20, 60, 140 and 240 ms on the service's clock (BullMQ waits the same delays in real time); the next would be at 340, past 250.
    expect(smtp.dataAttempts()).toBe(ATTEMPTS_BEFORE_GIVING_UP)
    expect(app.logEntries().flatMap(({ msg, retryInMs }) => (msg === 'mail attempt failed, will retry' ? [retryInMs] : []))).toEqual([20, 40, 80, 100])
    expect(time.elapsedMs()).toBe(240)
    const [failed] = await local.client.zrange('bull:form-mail:failed', '0', '-1')
    expect(await local.client.hget(`bull:form-mail:${failed}`, 'failedReason')).toMatch(new RegExp(`gave up after ${ATTEMPTS_BEFORE_GIVING_UP} attempts over 0 s: .*451`))
  })

  it('keeps .eml files by RETENTION_DAYS as the disk queue does: at 0, a delivered mail leaves none, and older ones are pruned at start', async () => {
    const outboxDir = await temporaryDir()
    const emlDir = join(outboxDir, 'sent-eml')
    await mkdir(emlDir, { recursive: true })
    await writeFile(join(emlDir, 'contact-from-before.eml'), 'old mail')
    const app = formsTestApp({ outboxDir, redisUrl: local.redis.url, retentionDays: 0 })
    afterTest(() => app.service.stop())
    await waitFor(async () => (await app.service.readiness()).checks.redis === true, 5000)
    app.service.start()
    const answer = await app.http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    expect(answer.status).toBe(200)
    const id = answer.body.data.reference as string
    await waitFor(async () => (await local.client.hget(`forms:delivery:${id}`, 'state')) === 'sent', 10_000)
    expect(app.logEntries()).toContainEqual(expect.objectContaining({ id, msg: 'no SMTP_URL set: mail written as an .eml file' }))
    // Forgotten just after the delivery is recorded: wait for it rather than race it.
    await waitFor(async () => (await readdir(emlDir)).length === 0, 5000)
  })

  it('reports Redis unreachable in readiness and answers 503 in the usual JSON shape', async () => {
    const app = formsTestApp({ outboxDir: await temporaryDir(), redisUrl: 'redis://127.0.0.1:9' })
    afterTest(() => app.service.stop())
    expect(await app.service.readiness()).toMatchObject({ ready: false, checks: { redis: false }, outbox: { depth: null }, redis: { reachable: false } })
    const answer = await app.http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    expect(answer.status).toBe(503)
    expect(answer.body).toEqual({
      success: false,
      error: 'queue_unavailable',
      message: expect.stringContaining('could not be saved right now; nothing was sent'),
    })
  })
})
