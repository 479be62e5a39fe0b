import { expect, test } from '@playwright/test'
import { docxFile, pdfFile } from '../server/support/resume-files.ts'
import { startSmtpServer, type SmtpTestServer } from '../server/support/smtp-test-server.ts'
import { dropResume, fillCareerPerson, fillContact, fillQuote, formMessage, openForm, visitor } from './support/form-pages.ts'
import { startSiteServer, temporaryOutbox, until, type SiteServer } from '../../scripts/harness/site-server.ts'

/** The lines every form's mail gives about the visitor who sent it. */
const visitorLines = ['Name: Asha Roy', `E-mail: ${visitor.email}`, `Phone: ${visitor.phone}`]

/**
 * Each form filled in Chromium, sent to the real server (its own process, its own outbox), and
 * the e-mail a real SMTP server receives checked field by field.
 */
test.describe('forms delivered by e-mail', () => {
  test.describe.configure({ mode: 'serial' })
  let smtp: SmtpTestServer
  let server: SiteServer
  let outbox: Awaited<ReturnType<typeof temporaryOutbox>>

  test.beforeAll(async () => {
    outbox = await temporaryOutbox()
    smtp = await startSmtpServer()
    server = await startSiteServer({ outboxDir: outbox.dir, smtpUrl: smtp.url })
  })

  test.afterAll(async () => {
    await server?.stop()
    await smtp?.close()
    await outbox?.remove()
  })

  /** The one mail received since `before` mails had arrived, once the outbox is empty again. */
  async function nextMail(before: number) {
    await until('the mail to arrive', () => smtp.received.length > before)
    await until('the outbox to drain', async () => (await server.health()).outbox.depth === 0)
    expect(smtp.received).toHaveLength(before + 1)
    return smtp.received[before]!
  }

  const textLines = (text: string | undefined) => (text ?? '').split(/\r?\n/)

  test('contact: the message arrives with every field, escaped in the HTML part', async ({ page }) => {
    const before = smtp.received.length
    await openForm(page, `${server.url}/contact`, 'Send Message')
    await fillContact(page, 'Budget < 5 lakh & "urgent"\nThree offices.')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(formMessage(page)).toHaveText("Message sent successfully! We'll respond within 24 hours.")
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('')

    const { envelope, parsed } = await nextMail(before)
    expect(envelope.to).toEqual(['sales@example.com'])
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Eastbridge website', address: 'forms@example.com' })
    expect(parsed.replyTo?.value[0]?.address).toBe(visitor.email)
    expect(parsed.subject).toBe('Contact form: Asha Roy — services')
    const lines = textLines(parsed.text)
    expect(lines).toEqual(expect.arrayContaining([...visitorLines, 'Subject: services', 'Message:', 'Budget < 5 lakh & "urgent"', 'Three offices.']))
    expect(parsed.html).toContain('Budget &lt; 5 lakh &amp; &quot;urgent&quot;')
    expect(parsed.attachments).toHaveLength(0)
  })

  test('quote: company from the organization, the fixed service, the composed message', async ({ page }) => {
    const before = smtp.received.length
    await openForm(page, `${server.url}/get-quote`, 'Submit Request')
    await fillQuote(page)
    await page.getByRole('button', { name: 'Submit Request' }).click()
    await expect(formMessage(page)).toHaveText("Quote request submitted! We'll send your custom quote within 24 hours.")

    const { parsed } = await nextMail(before)
    expect(parsed.subject).toBe('Quote request: Asha Roy — Roy Logistics')
    expect(parsed.replyTo?.value[0]?.address).toBe(visitor.email)
    expect(textLines(parsed.text)).toEqual(
      expect.arrayContaining([
        ...visitorLines,
        'Organization: Roy Logistics',
        'Service: Custom Quote Request',
        'Details:',
        'Organization: Roy Logistics',
        'Products: Next-generation firewalls, managed EDR',
      ]),
    )
  })

  test('career: the dropped resume is attached, byte for byte, under a safe name', async ({ page }) => {
    const before = smtp.received.length
    const resume = docxFile()
    await openForm(page, `${server.url}/career`, 'Submit Application')
    await fillCareerPerson(page)
    await dropResume(page, { name: 'Asha Roy CV (final).docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: resume })
    await expect(page.getByText('File selected: Asha Roy CV (final).docx')).toBeVisible()
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await expect(formMessage(page)).toHaveText("Application submitted successfully! We'll review your application and get back to you soon.")
    await expect(page.getByText('Choose file or drag & drop')).toBeVisible()

    const { parsed } = await nextMail(before)
    expect(parsed.subject).toBe('Career application: Asha Roy — Job Application')
    expect(textLines(parsed.text)).toEqual(
      expect.arrayContaining([...visitorLines, 'Position: Job Application', 'Resume attachment: resume-asha-roy.docx (uploaded as "Asha Roy CV (final).docx")']),
    )
    expect(parsed.attachments).toHaveLength(1)
    const [attachment] = parsed.attachments
    expect(attachment!.filename).toBe('resume-asha-roy.docx')
    expect(attachment!.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
    expect(Buffer.compare(attachment!.content, resume)).toBe(0)
  })

  test('career: a resume chosen with the file picker is attached too (PDF)', async ({ page }) => {
    const before = smtp.received.length
    const resume = pdfFile()
    await openForm(page, `${server.url}/career`, 'Submit Application')
    await fillCareerPerson(page)
    await page.locator('input[type=file][name=resume]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: resume })
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await expect(formMessage(page)).toHaveText(/^Application submitted successfully!/)
    const { parsed } = await nextMail(before)
    expect(parsed.attachments.map((file) => file.filename)).toEqual(['resume-asha-roy.pdf'])
    expect(Buffer.compare(parsed.attachments[0]!.content, resume)).toBe(0)
  })

  test('an answer lost on the way back: the automatic retry carries the same key and the mail arrives once', async ({ page }) => {
    const before = smtp.received.length
    let attempts = 0
    await page.route('**/api/contact', async (route) => {
      attempts += 1
      if (attempts === 1) {
        await route.fetch() // the server stores the message and answers...
        return route.abort('connectionreset') // ...but the answer never reaches the browser
      }
      return route.continue()
    })
    await openForm(page, `${server.url}/contact`, 'Send Message')
    await fillContact(page, 'Sent once, answered twice.')
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/contact'))
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(formMessage(page)).toHaveText("Message sent successfully! We'll respond within 24 hours.")
    expect(attempts).toBe(2)
    expect((await answer).headers()['idempotent-replayed']).toBe('true')

    const { parsed } = await nextMail(before)
    expect(parsed.text).toContain('Sent once, answered twice.')
  })
})
