// @vitest-environment node
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { FormsServiceOptions } from '../../server/compose/forms-service.ts'
import type { MailTransport } from '../../server/mail/mail-sender.ts'
import { afterTest, cleanUpAfterEachTest, formsTestApp, smtpServerForTest, temporaryDir, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { pdfFile } from './support/resume-files.ts'
import { ATTEMPTS_BEFORE_GIVING_UP, scheduleClock, TEST_SCHEDULE } from './support/schedule-clock.ts'
import { startSmtpServer, waitFor, type SmtpTestServer } from './support/smtp-test-server.ts'

cleanUpAfterEachTest()

/** The outbox's disk as /health reports it: the test folder's filesystem has room (OUTBOX_RESERVE_MB, 64 MB). */
const roomyDisk = { freeBytes: expect.any(Number), reserveBytes: 64 * 1024 * 1024, disk: 'ok' }

async function deliveringApp(smtp: SmtpTestServer, options: Partial<FormsServiceOptions> = {}) {
  const outboxDir = await temporaryDir()
  const app = formsTestApp({ outboxDir, smtpUrl: smtp.url, ...options })
  app.service.start()
  afterTest(() => app.service.stop())
  return { outboxDir, ...app }
}

describe('the e-mail of each form', () => {
  it('goes to MAIL_TO from MAIL_FROM, replies to the visitor, says which form and who, and escapes every field', async () => {
    const smtp = await smtpServerForTest()
    const { http } = await deliveringApp(smtp)
    const payload = {
      ...validPayloads.contact,
      name: 'Asha Roy, Bcc: victim@example.net',
      message: '<script>alert("hi")</script>\nSecond line & more',
    }
    expect((await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(payload)).status).toBe(200)

    await waitFor(() => smtp.received.length === 1)
    const [{ parsed, envelope, raw }] = smtp.received as [(typeof smtp.received)[number]]
    expect(envelope).toEqual({ from: 'forms@example.com', to: ['sales@example.com'] })
    expect(parsed.from?.text).toBe('"Eastbridge website" <forms@example.com>')
    expect(parsed.replyTo?.value).toEqual([{ address: 'asha.roy@example.org', name: '' }])
    expect(parsed.subject).toBe('Contact form: Asha Roy, Bcc: victim@example.net — services')
    expect(parsed.bcc).toBeUndefined()
    expect(parsed.text).toContain('Message:\n<script>alert("hi")</script>\nSecond line & more')
    expect(parsed.text).toContain('Phone: +91 98300 12345')
    expect(parsed.html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;\nSecond line &amp; more')
    expect(parsed.html).not.toContain('<script>')

    // Visitor input appears in no header but Subject and Reply-To.
    const headerBlock = raw.toString('utf8').split('\r\n\r\n')[0] ?? ''
    const visitorHeaders = headerBlock
      .split(/\r\n(?![ \t])/)
      .filter((line) => /asha|roy|victim/i.test(line))
      .map((line) => line.split(':')[0])
    expect(visitorHeaders.sort()).toEqual(['Reply-To', 'Subject'])
  })

  it('attaches the career resume byte-identical under a generated name, to the per-form recipients', async () => {
    const smtp = await smtpServerForTest()
    const { http } = await deliveringApp(smtp, { mailToByForm: { career: ['jobs@example.com', 'hr@example.com'] } })
    const { resume: _name, ...fields } = validPayloads.career
    const resume = Buffer.concat([pdfFile(), Buffer.from([0, 1, 2, 255, 254, 13, 10, 46, 13, 10])])
    const response = await http.post('/api/career').set('x-api-key', TEST_API_KEY).field(fields).attach('resume', resume, '../../etc/My CV (final).pdf')
    expect(response.status).toBe(200)

    await waitFor(() => smtp.received.length === 1)
    const { parsed, envelope } = smtp.received[0]!
    expect(envelope.to).toEqual(['jobs@example.com', 'hr@example.com'])
    expect(parsed.subject).toBe('Career application: Asha Roy — Job Application')
    expect(parsed.attachments).toHaveLength(1)
    const [attachment] = parsed.attachments
    expect(attachment?.filename).toBe('resume-asha-roy.pdf')
    expect(attachment?.contentType).toBe('application/pdf')
    expect(attachment?.content.equals(resume)).toBe(true)
  })

  it('says in the quote subject which organization asks', async () => {
    const smtp = await smtpServerForTest()
    const { http } = await deliveringApp(smtp)
    await http.post('/api/quote').set('x-api-key', TEST_API_KEY).send(validPayloads.quote)
    await waitFor(() => smtp.received.length === 1)
    expect(smtp.received[0]?.parsed.subject).toBe('Quote request: Asha Roy — Roy Logistics')
    expect(smtp.received[0]?.parsed.text).toContain('Organization: Roy Logistics')
  })
})

describe('delivery failures', () => {
  it('retries a transient 4xx refusal with backoff and delivers', async () => {
    const smtp = await smtpServerForTest((attempt) => (attempt <= 2 ? { code: 451, message: 'Temporary local problem, try later' } : undefined))
    const { http, service, logEntries } = await deliveringApp(smtp)
    await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)

    await waitFor(() => smtp.received.length === 1)
    expect(smtp.dataAttempts()).toBe(3)
    const retries = logEntries().filter((entry) => entry.msg === 'mail attempt failed, will retry')
    expect(retries.map(({ attempts, retryInMs }) => ({ attempts, retryInMs }))).toEqual([
      { attempts: 1, retryInMs: 20 },
      { attempts: 2, retryInMs: 40 },
    ])
    await waitFor(async () => (await service.health()).outbox?.depth === 0)
  })

  it('delivers what arrived while the SMTP server was down, once it is back up', async () => {
    const first = await startSmtpServer()
    const port = first.port
    await first.close() // down: connections to this port are refused
    const outboxDir = await temporaryDir()
    const app = formsTestApp({ outboxDir, smtpUrl: `smtp://127.0.0.1:${port}` })
    app.service.start()
    afterTest(() => app.service.stop())

    expect((await app.http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)).status).toBe(200)
    await waitFor(() =>
      app.logEntries().some(({ msg, attempts, reason }) => msg === 'mail attempt failed, will retry' && attempts === 2 && /ECONNECTION|ESOCKET|ECONNREFUSED/.test(String(reason))),
    )
    expect((await app.service.health()).outbox?.depth).toBe(1)

    const back = await startSmtpServer({ port })
    afterTest(back.close)
    await waitFor(() => back.received.length === 1)
    expect(back.received[0]?.parsed.subject).toBe('Contact form: Asha Roy — services')
    await waitFor(async () => (await app.service.health()).outbox?.depth === 0)
  })

  it('gives up when the delivery policy says: the attempt whose retry would come past MAIL_MAX_AGE_MS is the last', async () => {
    const smtp = await smtpServerForTest(() => ({ code: 451, message: 'Greylisted, try later' }))
    const time = scheduleClock()
    const { http, service, outboxDir, logEntries } = await deliveringApp(smtp, { ...TEST_SCHEDULE, clock: time.clock })
    service.onDeliveryAttempt(time.onAttempt)
    const id = (await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)).body.data.reference as string

    await waitFor(async () => (await service.health()).outbox?.deadLetters === 1)
    // Attempts at ages 0, 20, 60, 140 and 240 ms (on the service's clock); the next would be at 340, past 250.
    expect(smtp.dataAttempts()).toBe(ATTEMPTS_BEFORE_GIVING_UP)
    expect(logEntries().flatMap(({ msg, retryInMs }) => (msg === 'mail attempt failed, will retry' ? [retryInMs] : []))).toEqual([20, 40, 80, 100])
    expect(time.elapsedMs()).toBe(240)
    const reason = JSON.parse(await readFile(join(outboxDir, 'dead-letter', `${id}.reason.json`), 'utf8'))
    expect(reason).toMatchObject({ attempts: ATTEMPTS_BEFORE_GIVING_UP, responseCode: 451, failedAt: '2030-01-01T10:00:00.240Z' })
  })

  it('moves a message refused with 5xx to the dead-letter folder with the reason, and counts it', async () => {
    const smtp = await smtpServerForTest(() => ({ code: 550, message: 'Mailbox unavailable' }))
    const { http, service, outboxDir } = await deliveringApp(smtp)
    const answer = await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    expect(answer.status).toBe(200)

    await waitFor(async () => (await service.health()).outbox?.deadLetters === 1)
    expect(smtp.dataAttempts()).toBe(1)
    expect(await service.health()).toEqual({ outbox: { depth: 0, oldestAgeSeconds: null, deadLetters: 1, ...roomyDisk } })
    const deadLetterDir = join(outboxDir, 'dead-letter')
    const names = (await readdir(deadLetterDir)).sort()
    const id = answer.body.data.reference as string
    expect(names).toEqual([`${id}.json`, `${id}.reason.json`])
    const reason = JSON.parse(await readFile(join(deadLetterDir, `${id}.reason.json`), 'utf8'))
    expect(reason).toMatchObject({
      responseCode: 550,
      attempts: 1,
      reason: expect.stringContaining('Mailbox unavailable'),
    })
  })
})

describe('a burst of applications', () => {
  it('is sent two résumés at a time, beside the contact messages, which it does not hold up', async () => {
    // "Beside" is measured both ways: which kind reaches the transport first depends on how fast each file is read.
    const inFlight = { large: 0, small: 0, maxLarge: 0, overlaps: 0, sent: 0 }
    const transport: MailTransport = {
      async sendMail(mail) {
        const large = Boolean(mail.attachments?.length)
        inFlight[large ? 'large' : 'small'] += 1
        inFlight.maxLarge = Math.max(inFlight.maxLarge, inFlight.large)
        if (inFlight[large ? 'small' : 'large'] > 0) inFlight.overlaps += 1
        for await (const _chunk of (mail.attachments?.[0]?.content as AsyncIterable<Buffer> | undefined) ?? []);
        await new Promise((resolve) => setTimeout(resolve, 150))
        inFlight[large ? 'large' : 'small'] -= 1
        inFlight.sent += 1
        return { response: '250 OK' }
      },
    }
    const outboxDir = await temporaryDir()
    const { http, service } = formsTestApp({ outboxDir, transport })
    afterTest(() => service.stop())
    const { resume: _name, ...fields } = validPayloads.career
    const resume = Buffer.concat([pdfFile(), Buffer.alloc(300 * 1024, 0x41)])
    for (let i = 0; i < 6; i++) {
      expect((await http.post('/api/career').set('x-api-key', TEST_API_KEY).field(fields).attach('resume', resume, `cv-${i}.pdf`)).status).toBe(200)
      expect((await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)).status).toBe(200)
    }
    service.start()
    await waitFor(() => inFlight.sent === 12, 10_000)
    expect(inFlight.maxLarge).toBe(2)
    expect(inFlight.overlaps).toBeGreaterThan(0)
  })
})

describe('health', () => {
  it('reports the depth and the age of the oldest message waiting', async () => {
    let now = Date.parse('2030-01-01T10:00:00Z')
    const outboxDir = await temporaryDir()
    const { http, service } = formsTestApp({ outboxDir, clock: () => now })
    expect(await service.health()).toEqual({ outbox: { depth: 0, oldestAgeSeconds: null, deadLetters: 0, ...roomyDisk } })

    await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    now += 90_000
    await http.post('/api/quote').set('x-api-key', TEST_API_KEY).send(validPayloads.quote)
    now += 30_000

    expect(await service.health()).toEqual({ outbox: { depth: 2, oldestAgeSeconds: 120, deadLetters: 0, ...roomyDisk } })
  })
})
