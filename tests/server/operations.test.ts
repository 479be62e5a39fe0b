// @vitest-environment node
import { mkdir, readdir, stat, writeFile, utimes } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../server/compose/app.ts'
import { createFormsService } from '../../server/compose/forms-service.ts'
import { memoryLog } from '../../ground/log.ts'
import { createOutbox } from '../../server/disk/outbox.ts'
import { afterTest, cleanUpAfterEachTest, formsTestApp, pendingMessages, smtpServerForTest, temporaryDir, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { startSmtpServer, waitFor } from './support/smtp-test-server.ts'
import { makeTinyDist } from './support/tiny-site.ts'
import request from 'supertest'
import { shippedForms } from '../helpers/shipped-forms.ts'

cleanUpAfterEachTest()

describe('logs', () => {
  it('are JSON lines with a request id (kept from X-Request-Id, else made and echoed) and one access line per request', async () => {
    const { log, entries } = memoryLog()
    const outboxDir = await temporaryDir()
    const forms = createFormsService({ forms: shippedForms, outboxDir, apiKey: TEST_API_KEY, mailFrom: 'f@example.com', mailTo: ['s@example.com'], minSubmitMs: 0, log })
    const http = request(createApp({ log, distDir: makeTinyDist(), forms }).callback())

    const given = await http.get('/about').set('X-Request-Id', 'lb-1234')
    expect(given.headers['x-request-id']).toBe('lb-1234')
    const made = await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    await waitFor(() => entries().filter((entry) => entry.msg === 'request').length === 2)

    const access = entries().filter((entry) => entry.msg === 'request')
    expect(access[0]).toMatchObject({ level: 'info', requestId: 'lb-1234', method: 'GET', path: '/about', status: 200, bytes: expect.any(Number), durationMs: expect.any(Number) })
    expect(access[1]).toMatchObject({ requestId: made.headers['x-request-id'], method: 'POST', path: '/api/contact', status: 200 })
    // The submission's own line carries the same request id and names it by id only.
    const accepted = entries().find((entry) => entry.msg === 'submission accepted')
    expect(accepted).toMatchObject({ requestId: made.headers['x-request-id'], id: made.body.data.reference, form: 'contact' })
  })

  it('hold no personal data: no field value, address or résumé file name in any line', async () => {
    const { http, service, logs } = formsTestApp({ outboxDir: await temporaryDir(), minSubmitMs: 0 })
    service.start()
    afterTest(() => service.stop())
    await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    await http
      .post('/api/career')
      .set('x-api-key', TEST_API_KEY)
      .field('name', 'Priyanka Sengupta')
      .field('email', 'priyanka.s@example.org')
      .field('phone', '+91 90000 11111')
      .field('position', 'Job Application')
      .attach('resume', Buffer.from('%PDF-1.4\n%%EOF\n'), 'Priyanka-Sengupta-CV-2026.pdf')
    await waitFor(async () => (await service.health()).outbox?.depth === 0)
    const text = logs.join('\n')
    for (const secret of ['Asha', 'asha.roy@example.org', '98300', 'firewall review', 'Priyanka', 'Sengupta', 'priyanka.s@example.org', '90000'])
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase())
  })
})

/** The whole app with a disk outbox at `outboxDir`, sending through `smtpUrl` when given, driven without a port. */
function siteApp(outboxDir: string, smtpUrl?: string) {
  const { log } = memoryLog()
  const forms = createFormsService({
    forms: shippedForms,
    outboxDir,
    apiKey: TEST_API_KEY,
    mailFrom: 'f@example.com',
    mailTo: ['s@example.com'],
    ...(smtpUrl ? { smtpUrl } : {}),
    log,
  })
  return request(createApp({ log, distDir: makeTinyDist(), forms }).callback())
}

describe('GET /ready', () => {
  it('is 200 with the outbox figures when the outbox is writable and the SMTP server answers', async () => {
    const server = await smtpServerForTest()
    const response = await siteApp(await temporaryDir(), server.url).get('/ready')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ status: 'ready', checks: { outboxWritable: true, mailTransport: true }, outbox: { depth: 0, oldestAgeSeconds: null, deadLetters: 0 } })
  })

  it('is 503 naming the reason when the SMTP server does not answer; /health stays 200', async () => {
    const down = await startSmtpServer()
    await down.close()
    const http = siteApp(await temporaryDir(), down.url)
    const ready = await http.get('/ready')
    expect(ready.status).toBe(503)
    expect(ready.body).toMatchObject({ status: 'not ready', checks: { outboxWritable: true, mailTransport: false } })
    expect(ready.body.problems.join(' ')).toMatch(/mail transport does not answer/)
    expect((await http.get('/health')).status).toBe(200)
  })

  it('is 503 when the outbox folder cannot be written', async () => {
    const blocker = join(await temporaryDir(), 'a-file')
    await writeFile(blocker, 'not a folder')
    const ready = await siteApp(blocker).get('/ready')
    expect(ready.status).toBe(503)
    expect(ready.body.checks.outboxWritable).toBe(false)
  })
})

describe('bounded retry', () => {
  it('keeps the attempt count and next attempt beside the message, so a restart keeps the schedule', async () => {
    const server = await smtpServerForTest(() => ({ code: 451, message: 'Try again later' }))
    const outboxDir = await temporaryDir()
    const first = formsTestApp({ outboxDir, smtpUrl: server.url, retryBaseMs: 60_000, retryMaxMs: 60_000 })
    first.service.start()
    await first.http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    await waitFor(() => server.dataAttempts() === 1)
    await first.service.deliveryIdle()
    await first.service.stop()

    const [message] = await pendingMessages(outboxDir)
    const schedule = await createOutbox(outboxDir).readRetry(message!.id)
    expect(schedule).toMatchObject({ attempts: 1, lastError: expect.stringContaining('451') })
    expect(Date.parse(schedule!.nextAttemptAt) - Date.now()).toBeGreaterThan(50_000)

    // Restarted: the next attempt is a minute away, not at once.
    const second = formsTestApp({ outboxDir, smtpUrl: server.url, retryBaseMs: 60_000, retryMaxMs: 60_000 })
    second.service.start()
    afterTest(() => second.service.stop())
    await new Promise((resolve) => setTimeout(resolve, 300))
    await second.service.deliveryIdle()
    expect(server.dataAttempts()).toBe(1)
  })

  it('turns a message still failing after MAIL_MAX_AGE_MS into a dead letter with the last error, shown in /ready and logged as an error', async () => {
    const server = await smtpServerForTest(() => ({ code: 451, message: 'Mailbox busy' }))
    const outboxDir = await temporaryDir()
    const app = formsTestApp({ outboxDir, smtpUrl: server.url, retryBaseMs: 20, retryMaxMs: 40, maxAgeMs: 1000 })
    app.service.start()
    afterTest(() => app.service.stop())
    await app.http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    await waitFor(async () => (await app.service.health()).outbox?.deadLetters === 1)

    expect(server.dataAttempts()).toBeGreaterThan(1)
    const [letter] = await createOutbox(outboxDir).listDeadLetters()
    expect(letter?.why?.reason).toMatch(/undelivered after \d+ attempts[\s\S]*451/)
    // The error line follows the move (and its fsyncs): wait for it rather than race it.
    await waitFor(() => app.logEntries().some((entry) => entry.level === 'error' && entry.msg === 'mail given up: moved to the dead letters' && entry.id === letter?.id))
    expect((await app.service.readiness()).outbox?.deadLetters).toBe(1)
  })
})

describe('personal data at rest', () => {
  it('is readable by the server user only: files 600, folders 700', async () => {
    const outboxDir = await temporaryDir()
    const { http } = formsTestApp({ outboxDir })
    await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    const pending = join(outboxDir, 'pending')
    expect((await stat(pending)).mode & 0o777).toBe(0o700)
    for (const name of await readdir(pending)) expect((await stat(join(pending, name))).mode & 0o777).toBe(0o600)
  })

  it('RETENTION_DAYS=0: the .eml file of a delivered mail is deleted at delivery, its sent record (empty: no personal data) stays', async () => {
    const outboxDir = await temporaryDir()
    const { http, service } = formsTestApp({ outboxDir, retentionDays: 0 })
    service.start()
    afterTest(() => service.stop())
    const answer = await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    await waitFor(async () => (await service.health()).outbox?.depth === 0)
    // Forgotten just after the delivery is recorded: wait for it rather than race it.
    await waitFor(async () => (await readdir(join(outboxDir, 'sent-eml')).catch(() => [])).length === 0)
    expect(await readdir(join(outboxDir, 'sent'))).toEqual([`${answer.body.data.reference}.json`])
    expect((await stat(join(outboxDir, 'sent', `${answer.body.data.reference}.json`))).size).toBe(0)
  })

  it('prunes .eml files and dead letters RETENTION_DAYS after delivery or death', async () => {
    const outboxDir = await temporaryDir()
    const day = 24 * 60 * 60_000
    const old = new Date(Date.now() - 31 * day)
    await mkdir(join(outboxDir, 'sent-eml'), { recursive: true })
    await writeFile(join(outboxDir, 'sent-eml', 'contact-old.eml'), 'old mail')
    await utimes(join(outboxDir, 'sent-eml', 'contact-old.eml'), old, old)
    await writeFile(join(outboxDir, 'sent-eml', 'contact-new.eml'), 'new mail')
    await mkdir(join(outboxDir, 'dead-letter'), { recursive: true })
    for (const [id, when] of [
      ['contact-died-long-ago', old],
      ['contact-died-today', new Date()],
    ] as const) {
      await writeFile(join(outboxDir, 'dead-letter', `${id}.json`), '{}')
      await writeFile(join(outboxDir, 'dead-letter', `${id}.reason.json`), JSON.stringify({ reason: 'x', failedAt: when.toISOString(), attempts: 1 }))
      await utimes(join(outboxDir, 'dead-letter', `${id}.reason.json`), when, when)
    }
    const { service } = formsTestApp({ outboxDir, retentionDays: 30 })
    service.start()
    afterTest(() => service.stop())
    await waitFor(async () => (await readdir(join(outboxDir, 'sent-eml'))).length === 1)
    expect(await readdir(join(outboxDir, 'sent-eml'))).toEqual(['contact-new.eml'])
    await waitFor(async () => (await createOutbox(outboxDir).listDeadLetters()).length === 1)
    expect((await createOutbox(outboxDir).listDeadLetters()).map(({ id }) => id)).toEqual(['contact-died-today'])
  })
})

describe('dead letters, handled by an operator', () => {
  it('are listed, re-queued (then delivered) or deleted', async () => {
    const outboxDir = await temporaryDir()
    const refusing = await smtpServerForTest(() => ({ code: 550, message: 'No such mailbox' }))
    const first = formsTestApp({ outboxDir, smtpUrl: refusing.url })
    first.service.start()
    for (const payload of [validPayloads.contact, { ...validPayloads.contact, name: 'Second Person' }])
      await first.http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(payload)
    await waitFor(async () => (await first.service.health()).outbox?.deadLetters === 2)
    await first.service.stop()

    const outbox = createOutbox(outboxDir)
    const [keep, drop] = await outbox.listDeadLetters()
    expect(keep?.why?.reason).toMatch(/550/)
    expect(await outbox.deleteDeadLetter(drop!.id)).toBe(true)
    expect(await outbox.requeueDeadLetter(keep!.id)).toBe(true)
    expect(await outbox.requeueDeadLetter('contact-no-such')).toBe(false)

    const accepting = await smtpServerForTest()
    const second = formsTestApp({ outboxDir, smtpUrl: accepting.url })
    second.service.start()
    afterTest(() => second.service.stop())
    await waitFor(() => accepting.received.length === 1)
    expect(accepting.received[0]?.parsed.messageId).toContain(keep!.id)
    expect(await outbox.listDeadLetters()).toEqual([])
  })

  it('a letter re-queued with `npm run outbox -- retry` is delivered by the idle running server within moments', async () => {
    const outboxDir = await temporaryDir()
    let refusing = true
    const smtp = await smtpServerForTest(() => (refusing ? { code: 550, message: 'No such mailbox' } : undefined))
    const app = formsTestApp({ outboxDir, smtpUrl: smtp.url })
    app.service.start()
    afterTest(() => app.service.stop())
    await app.http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    await waitFor(async () => (await app.service.health()).outbox?.deadLetters === 1)
    await app.service.deliveryIdle()
    refusing = false // the operator fixed the mailbox
    await new Promise((resolve) => setTimeout(resolve, 200)) // idle: nothing pending, no retry due

    // What the command does, from another process: an outbox of its own on the same folder.
    const operator = createOutbox(outboxDir)
    const [letter] = await operator.listDeadLetters()
    expect(await operator.requeueDeadLetter(letter!.id)).toBe(true)
    await waitFor(() => smtp.received.length === 1, 2000)
    expect(smtp.received[0]?.parsed.messageId).toBe(`<${letter!.id}@example.com>`)
  })
})
