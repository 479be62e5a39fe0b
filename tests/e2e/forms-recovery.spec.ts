import { expect, test, type Page } from '@playwright/test'
import { startSmtpServer, type SmtpTestServer } from '../server/support/smtp-test-server.ts'
import { fillContact, fillQuote, formMessage, openForm } from './support/form-pages.ts'
import { freePort, startSiteServer, temporaryOutbox, until, type SiteServer } from '../../scripts/harness/site-server.ts'
import { startStalledSmtpServer } from './support/stalled-smtp.ts'

/**
 * Nothing is lost: the visitor's success means the submission is on disk, and it is mailed once
 * the mail server is back, or once the server itself is back after a crash.
 */
test.describe('delivery survives failures', () => {
  const cleanups: Array<() => Promise<void>> = []
  test.afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
  })

  async function outboxDir() {
    const outbox = await temporaryOutbox()
    cleanups.push(outbox.remove)
    return outbox.dir
  }
  async function site(options: Parameters<typeof startSiteServer>[0]) {
    const server = await startSiteServer(options)
    cleanups.push(server.stop)
    return server
  }
  async function smtpOn(port?: number) {
    const smtp = await startSmtpServer(port === undefined ? {} : { port })
    cleanups.push(smtp.close)
    return smtp
  }

  async function sendQuote(page: Page, server: SiteServer, products: string) {
    await openForm(page, `${server.url}/get-quote`, 'Submit Request')
    await fillQuote(page, products)
    await page.getByRole('button', { name: 'Submit Request' }).click()
    await expect(formMessage(page)).toHaveText("Quote request submitted! We'll send your custom quote within 24 hours.")
  }

  const deliveredOnce = async (smtp: SmtpTestServer, server: SiteServer) => {
    await until('the outbox to drain', async () => (await server.health()).outbox.depth === 0)
    return smtp.received
  }

  test('the SMTP server is down: the visitor still gets success, and the mail arrives once it is up', async ({ page }) => {
    const smtpPort = await freePort() // nothing listens here yet
    const server = await site({ outboxDir: await outboxDir(), smtpUrl: `smtp://127.0.0.1:${smtpPort}` })

    await openForm(page, `${server.url}/contact`, 'Send Message')
    await fillContact(page)
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(formMessage(page)).toHaveText("Message sent successfully! We'll respond within 24 hours.")

    // Stored and waiting, with the failed attempts logged.
    await until('a failed delivery attempt', () => server.log.some((line) => line.includes('"msg":"mail attempt failed, will retry"')))
    expect((await server.health()).outbox.depth).toBe(1)

    const smtp = await smtpOn(smtpPort)
    await until('the mail to arrive after recovery', () => smtp.received.length === 1)
    const received = await deliveredOnce(smtp, server)
    expect(received.map((mail) => mail.parsed.subject)).toEqual(['Contact form: Asha Roy — services'])
  })

  test('the server is killed (SIGKILL) while the mail is pending: after a restart it arrives, exactly once', async ({ page }) => {
    const dir = await outboxDir()
    const smtpPort = await freePort()
    const before = await startSiteServer({ outboxDir: dir, smtpUrl: `smtp://127.0.0.1:${smtpPort}` })
    cleanups.push(before.stop)
    await sendQuote(page, before, 'Pending when the server died')
    expect((await before.health()).outbox.depth).toBe(1)
    await before.crash()

    const smtp = await smtpOn(smtpPort)
    const after = await site({ outboxDir: dir, smtpUrl: smtp.url, port: before.port })
    const received = await deliveredOnce(smtp, after)
    expect(received).toHaveLength(1)
    expect(received[0]!.parsed.text).toContain('Products: Pending when the server died')

    // A later submission through the restarted server is delivered after it: nothing more of the first one follows.
    await sendQuote(page, after, 'After the restart')
    await until('the second mail', () => smtp.received.length === 2)
    expect(smtp.received.map((mail) => mail.parsed.text?.match(/Products: (.*)/)?.[1]?.trim())).toEqual(['Pending when the server died', 'After the restart'])
  })

  test('the server is killed in the middle of sending (DATA sent, no reply yet): after a restart it arrives, exactly once', async ({ page }) => {
    const dir = await outboxDir()
    const stalled = await startStalledSmtpServer()
    cleanups.push(stalled.close)
    const before = await startSiteServer({ outboxDir: dir, smtpUrl: stalled.url })
    cleanups.push(before.stop)
    await sendQuote(page, before, 'In flight when the server died')
    await until('the mail to be in flight', () => stalled.dataStarted() === 1)
    await before.crash()
    await stalled.close()

    const smtp = await smtpOn()
    const after = await site({ outboxDir: dir, smtpUrl: smtp.url })
    const received = await deliveredOnce(smtp, after)
    expect(received).toHaveLength(1)
    expect(received[0]!.parsed.text).toContain('Products: In flight when the server died')
    expect((await after.health()).outbox.deadLetters).toBe(0)
  })
})
