// @vitest-environment node
/** The visitor's confirmation mail (a form's `confirmation`): sent once, after the spam checks, at most hourly per address, through the outbox. */
import { describe, expect, it } from 'vitest'
import type { FormsServiceOptions } from '../../server/compose/forms-service.ts'
import { afterTest, cleanUpAfterEachTest, formsTestApp, pendingMessages, smtpServerForTest, temporaryDir, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { CONFIRMATION, formsWithContact } from './support/form-actions.ts'
import { startSmtpServer, waitFor, type SmtpTestServer } from './support/smtp-test-server.ts'

cleanUpAfterEachTest()

const forms = formsWithContact({ confirmation: CONFIRMATION })
const HOUR_MS = 60 * 60_000

async function confirmingApp(smtp: SmtpTestServer, options: Partial<FormsServiceOptions> = {}) {
  const app = formsTestApp({ outboxDir: await temporaryDir(), smtpUrl: smtp.url, forms, ...options })
  app.service.start()
  afterTest(() => app.service.stop())
  return app
}

const to = (smtp: SmtpTestServer, address: string) => smtp.received.filter((mail) => mail.envelope.to.includes(address))

describe('the confirmation to the visitor', () => {
  it('goes once to the address typed, as plain text with the visitor’s values, besides the owners’ mail', async () => {
    const smtp = await smtpServerForTest()
    // The subject repeats a text of several lines: its line breaks cannot start a header.
    const { http } = await confirmingApp(smtp, { forms: formsWithContact({ confirmation: { ...CONFIRMATION, subject: 'Re: {message}' } }) })
    const answer = await http
      .post('/api/contact')
      .set('x-api-key', TEST_API_KEY)
      .send({ ...validPayloads.contact, message: 'Hello\r\nBcc: victim@example.net' })
    expect(answer.status).toBe(200)

    await waitFor(() => smtp.received.length === 2)
    const [confirmation] = to(smtp, 'asha.roy@example.org')
    expect(confirmation?.envelope).toEqual({ from: 'forms@example.com', to: ['asha.roy@example.org'] })
    expect(confirmation?.parsed.subject).toBe('Re: Hello Bcc: victim@example.net')
    expect(confirmation?.parsed.bcc).toBeUndefined()
    expect(confirmation?.parsed.text).toBe('Hello Asha Roy,\n\nwe received your message about "services" <b>and</b> will answer soon.\n\nThe Eastbridge team\n')
    expect(confirmation?.parsed.html).toBe(false)
    expect(confirmation?.parsed.headers.get('auto-submitted')).toBe('auto-replied')
    expect(confirmation?.parsed.messageId).toBe(`<${answer.body.data.reference}-confirmation@example.com>`)
    expect(to(smtp, 'sales@example.com')).toHaveLength(1)
  })

  it('is not sent for a submission the spam checks drop', async () => {
    const smtp = await smtpServerForTest()
    const outboxDir = await temporaryDir()
    const app = await confirmingApp(smtp, { outboxDir })
    expect(
      (
        await app.http
          .post('/api/contact')
          .set('x-api-key', TEST_API_KEY)
          .send({ ...validPayloads.contact, website: 'http://spam.example' })
      ).status,
    ).toBe(200)
    expect(
      (
        await app.http
          .post('/api/contact')
          .set('x-api-key', TEST_API_KEY)
          .send({ ...validPayloads.contact, fillTimeMs: 200 })
      ).status,
    ).toBe(200)
    await app.service.deliveryIdle()
    expect(await pendingMessages(outboxDir)).toEqual([])
    expect(smtp.received).toEqual([])
  })

  it('goes to one address at most once an hour per form; the owners get every submission', async () => {
    const smtp = await smtpServerForTest()
    let now = Date.now()
    const { http } = await confirmingApp(smtp, { clock: () => now })
    const send = (email: string) =>
      http
        .post('/api/contact')
        .set('x-api-key', TEST_API_KEY)
        .send({ ...validPayloads.contact, email })

    await send('asha.roy@example.org')
    await send('ASHA.ROY@example.org') // the same mailbox, however it is typed
    now += HOUR_MS - 1000
    await send('asha.roy@example.org')
    await send('ravi@example.org')
    await waitFor(() => smtp.received.length === 6)
    expect(to(smtp, 'sales@example.com')).toHaveLength(4)
    expect(
      smtp.received
        .filter((mail) => mail.parsed.subject?.startsWith('Thank you'))
        .flatMap((mail) => mail.envelope.to)
        .sort(),
    ).toEqual(['asha.roy@example.org', 'ravi@example.org'])

    now += 2000 // an hour after the first
    await send('asha.roy@example.org')
    await waitFor(() => smtp.received.length === 8)
    expect(to(smtp, 'asha.roy@example.org')).toHaveLength(2)
  })

  it('is retried while the mail server refuses, and neither mail goes twice', async () => {
    const smtp = await smtpServerForTest((attempt) => (attempt <= 3 ? { code: 451, message: 'try again later' } : undefined))
    const { http } = await confirmingApp(smtp)
    expect((await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)).status).toBe(200)
    await waitFor(() => smtp.received.length === 2, 10_000)
    await new Promise((resolve) => setTimeout(resolve, 300)) // a few more retry periods: nothing else arrives
    expect(smtp.dataAttempts()).toBe(5)
    expect(to(smtp, 'asha.roy@example.org')).toHaveLength(1)
    expect(to(smtp, 'sales@example.com')).toHaveLength(1)
  })

  it('is delivered after a restart when the previous run accepted it but never sent it', async () => {
    const outboxDir = await temporaryDir()
    const before = formsTestApp({ outboxDir, smtpUrl: 'smtp://127.0.0.1:9', forms }) // never started: nothing is sent
    const answer = await before.http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    await before.service.stop()
    expect((await pendingMessages(outboxDir)).map((message) => [message.id, message.action]).sort()).toEqual([
      [answer.body.data.reference, undefined],
      [`${answer.body.data.reference}-confirmation`, 'confirmation'],
    ])

    const smtp = await startSmtpServer()
    afterTest(smtp.close)
    const after = formsTestApp({ outboxDir, smtpUrl: smtp.url, forms })
    after.service.start()
    afterTest(() => after.service.stop())
    await waitFor(() => smtp.received.length === 2)
    expect(to(smtp, 'asha.roy@example.org').map((mail) => mail.parsed.subject)).toEqual(['Thank you, Asha Roy'])
  })
})
