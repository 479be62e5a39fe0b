import { expect, test, type Page, type Request } from '@playwright/test'
import { pdfFile } from '../server/support/resume-files.ts'
import { dropResume, field, fillCareerPerson, fillContact, fillQuote, formMessage, openForm } from './support/form-pages.ts'

/** What the visitor sees while filling and sending (the checks before sending, the sending state, success and failure), against the Playwright web server. */

function postsTo(page: Page, path: string): Request[] {
  const posts: Request[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) posts.push(request)
  })
  return posts
}

/** The career form's person, and a small PDF as the résumé: all it needs to be sent. */
async function fillCareer(page: Page) {
  await fillCareerPerson(page)
  await page.locator('input[type=file]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdfFile() })
}

const FORMS = {
  contact: { url: '/contact', submit: 'Send Message', fill: (page: Page) => fillContact(page) },
  quote: { url: '/get-quote', submit: 'Submit Request', fill: (page: Page) => fillQuote(page) },
  career: { url: '/career', submit: 'Submit Application', fill: fillCareer },
}

/** Opens the form's page, fills the form as a visitor does, and sends it. */
async function sendFilled(page: Page, form: keyof typeof FORMS) {
  const { url, submit, fill } = FORMS[form]
  await openForm(page, url, submit)
  await fill(page)
  await page.getByRole('button', { name: submit }).click()
}

/** Holds the form's call until `release()`, so the busy state can be looked at. */
async function holdCalls(page: Page, path: string) {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**${path}`, async (route) => {
    await released
    await route.continue()
  })
  return release
}

test.describe('browser-side checks', () => {
  test("contact: empty required fields and a malformed e-mail are refused in the site's words, never the browser's, and nothing is sent", async ({ page }) => {
    const posts = postsTo(page, '/api/contact')
    await openForm(page, '/contact', 'Send Message')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(formMessage(page)).toHaveText('Please fill in all required fields')
    // The first field with a problem has the focus, its problem tied to it; the browser shows no bubble of its own ("Please fill out this field.").
    await expect(field(page, 'Full Name')).toBeFocused()
    await expect(field(page, 'Full Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(field(page, 'Full Name')).toHaveAccessibleDescription(/Full Name is required/)
    expect(await field(page, 'Full Name').evaluate((input: HTMLInputElement) => input.form?.noValidate)).toBe(true)
    await fillContact(page)
    await field(page, 'Email Address').fill('asha.roy-at-example.org')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(field(page, 'Email Address')).toBeFocused()
    await expect(field(page, 'Email Address')).toHaveAccessibleDescription(/Email Address must be a valid e-mail address/)
    await expect(formMessage(page)).toHaveText('Please correct the highlighted fields and send again.')
    expect(posts).toHaveLength(0)
  })

  test('contact: "Please fill in all required fields" when a required field holds only spaces', async ({ page }) => {
    const posts = postsTo(page, '/api/contact')
    await openForm(page, '/contact', 'Send Message')
    await fillContact(page, '   ')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(formMessage(page)).toHaveText('Please fill in all required fields')
    await expect(page.getByText('Message is required')).toBeVisible()
    expect(posts).toHaveLength(0)
  })

  test('quote: "Please fill in all fields"', async ({ page }) => {
    await openForm(page, '/get-quote', 'Submit Request')
    await fillQuote(page)
    await field(page, 'Organization').fill('  ')
    await page.getByRole('button', { name: 'Submit Request' }).click()
    await expect(formMessage(page)).toHaveText('Please fill in all fields')
  })

  test('career: "Please fill in all fields and upload your resume", the hint, and files refused in the browser', async ({ page }) => {
    const posts = postsTo(page, '/api/career')
    await openForm(page, '/career', 'Submit Application')
    await expect(page.getByText('Supported formats: PDF, DOC, DOCX (Max: 5MB)')).toBeVisible()
    await expect(page.locator('input[type=file]')).toHaveAttribute('accept', '.pdf,.doc,.docx')
    await fillCareerPerson(page)
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await expect(formMessage(page)).toHaveText('Please fill in all fields and upload your resume')

    const input = page.locator('input[type=file]')
    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a resume') })
    await expect(page.getByText('Only PDF, DOC and DOCX files are accepted. Please choose another file.')).toBeVisible()
    await input.setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) })
    await expect(page.getByText('This file is larger than 5MB. Please choose a smaller file.')).toBeVisible()
    await expect(page.getByText('Choose file or drag & drop')).toBeVisible()

    await dropResume(page, { name: 'cv.pdf', mimeType: 'application/pdf', bytes: pdfFile() })
    await expect(page.getByText('File selected: cv.pdf')).toBeVisible()
    expect(posts).toHaveLength(0)
  })
})

test.describe('while sending', () => {
  for (const { path, url, submit, busy, fill, success } of [
    { path: '/api/contact', url: '/contact', submit: 'Send Message', busy: 'Sending...', fill: fillContact, success: "Message sent successfully! We'll respond within 24 hours." },
    {
      path: '/api/quote',
      url: '/get-quote',
      submit: 'Submit Request',
      busy: 'Submitting Request...',
      fill: fillQuote,
      success: "Quote request submitted! We'll send your custom quote within 24 hours.",
    },
    {
      path: '/api/career',
      url: '/career',
      submit: 'Submit Application',
      busy: 'Submitting Application...',
      fill: fillCareer,
      success: "Application submitted successfully! We'll review your application and get back to you soon.",
    },
  ]) {
    test(`${url}: the button says "${busy}" with a spinner and is disabled, then the form is cleared`, async ({ page }) => {
      const release = await holdCalls(page, path)
      await openForm(page, url, submit)
      await fill(page)
      await page.getByRole('button', { name: submit }).click()
      const button = page.getByRole('button', { name: busy })
      await expect(button).toBeDisabled()
      await expect(button.locator('.mantine-Loader-root')).toBeVisible()
      release()
      await expect(formMessage(page)).toHaveText(success)
      await expect(page.getByRole('button', { name: submit })).toBeEnabled()
      await expect(field(page, 'Full Name')).toHaveValue('')
    })
  }

  test("a refusal keeps the values and shows the failure text with the server's reason", async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'rate_limited', message: 'Too many submissions from your address in a short time. Please wait a minute and try again.' }),
      }),
    )
    await sendFilled(page, 'contact')
    await expect(formMessage(page)).toHaveText(
      'Failed to send message. Please try again or contact us directly.Too many submissions from your address in a short time. Please wait a minute and try again.',
    )
    await expect(field(page, 'Full Name')).toHaveValue('Asha Roy')
  })

  test('career: a refusal without a message says "Failed to send email. Please try again."', async ({ page }) => {
    await page.route('**/api/career', (route) => route.fulfill({ status: 403, contentType: 'text/plain', body: 'Forbidden' }))
    await sendFilled(page, 'career')
    await expect(formMessage(page)).toHaveText('Failed to send email. Please try again.')
    await expect(page.getByText('File selected: cv.pdf')).toBeVisible()
  })

  test('career: an unexpected exception shows the warning-sign alert', async ({ page }) => {
    // A fault in the page, not a network error: fetch throws something it never throws on its own.
    await page.addInitScript(() => {
      const realFetch = window.fetch
      window.fetch = (input, init) => (String(input).includes('/api/') ? Promise.reject(new RangeError('simulated fault')) : realFetch(input, init))
    })
    await sendFilled(page, 'career')
    await expect(formMessage(page)).toHaveText('⚠️ An unexpected error occurred. Please try again or contact us directly.')
  })
})

test.describe('mail fallback', () => {
  test('the API cannot be reached: one retry with the same key, then the mail client opens, prefilled, to the fallback mailbox', async ({ page }) => {
    const attempts: Request[] = []
    await page.route('**/api/contact', (route) => {
      attempts.push(route.request())
      return route.abort('connectionrefused')
    })
    const mailto = page.waitForRequest((request) => request.url().startsWith('mailto:'))
    await sendFilled(page, 'contact')
    const url = new URL((await mailto).url())
    await expect(formMessage(page)).toHaveText('Opening your email client...')

    expect(attempts).toHaveLength(2)
    const keys = await Promise.all(attempts.map((request) => request.headerValue('idempotency-key')))
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])
    expect(url.pathname).toBe('sales@example.com')
    expect(url.searchParams.get('subject')).toBe('Contact form: Asha Roy')
    expect(url.searchParams.get('body')?.split('\r\n')).toEqual([
      'Full Name: Asha Roy',
      'Email Address: asha.roy@example.org',
      'Phone Number: +91 98300 12345',
      'Subject: Services Information',
      'Message: We need a firewall review for our three offices.',
    ])
    await expect(field(page, 'Full Name')).toHaveValue('Asha Roy')
  })

  test('the server fails (5xx): the quote opens in the mail client too', async ({ page }) => {
    await page.route('**/api/quote', (route) => route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' }))
    const mailto = page.waitForRequest((request) => request.url().startsWith('mailto:'))
    await sendFilled(page, 'quote')
    const url = new URL((await mailto).url())
    expect(url.searchParams.get('subject')).toBe('Custom quote request: Roy Logistics')
    expect(url.searchParams.get('body')).toContain('Products / Services of Interest: Next-generation firewalls, managed EDR')
    await expect(formMessage(page)).toHaveText('Opening your email client...')
  })
})
