import { expect, test } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { root } from '../../scripts/lib/paths.ts'
import { startSmtpServer, type SmtpTestServer } from '../server/support/smtp-test-server.ts'
import { expectStrictPolicy, recordViolations } from './support/csp-violations.ts'
import { formMessage, openForm } from './support/form-pages.ts'
import { startSiteServer, temporaryOutbox, until, type SiteServer } from '../../scripts/harness/site-server.ts'
import { addDays, todayIn, weekdayOf } from '../../site/date-rules.ts'

/*
 * Another business's site in a browser: the dental practice of tests/fixtures/second-site, built
 * with SITE_DIR into a folder of its own and served by the production server. Its booking form
 * (a date picker, a list to choose from, ALTCHA's proof of work solved in a worker under the
 * page's strict policy) is filled in Chromium and arrives as mail, in the site's own words.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 })

const siteDir = path.join(root, 'tests', 'fixtures', 'second-site')
let scratch = ''
let smtp: SmtpTestServer
let server: SiteServer
let outbox: Awaited<ReturnType<typeof temporaryOutbox>>

test.beforeAll(async () => {
  // A whole build of the site: seconds on a quiet machine, far more beside other work.
  test.setTimeout(180_000)
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'second-site-e2e-'))
  const outDir = path.join(scratch, 'dist')
  execFileSync('npx', ['tsx', 'scripts/build.ts'], { cwd: root, env: { ...process.env, SITE_DIR: siteDir, SITE_CONFIG: '', SITE_OUT_DIR: outDir }, stdio: 'pipe' })
  smtp = await startSmtpServer()
  outbox = await temporaryOutbox()
  server = await startSiteServer({ outboxDir: outbox.dir, smtpUrl: smtp.url, env: { DIST_DIR: outDir, ALTCHA_HMAC_KEY: 'a-test-key-for-the-second-site-proofs' } })
})

test.afterAll(async () => {
  await server?.stop()
  await smtp?.close()
  await outbox?.remove()
  fs.rmSync(scratch, { recursive: true, force: true })
})

test('the booking form names a missing field in German, then sends a date and a choice with its proof of work, under the strict policy', async ({ page }) => {
  const violations = await recordViolations(page)
  const policies: string[] = []
  page.on('response', (response) => {
    if (response.url().endsWith('/termin')) policies.push(response.headers()['content-security-policy'] ?? '')
  })
  await openForm(page, `${server.url}/termin`, 'Termin anfragen')
  expect(await page.locator('html').getAttribute('lang')).toBe('de-DE')
  expectStrictPolicy(policies[0]!)

  // A name of spaces passes the browser's own required check; the form's check names it, in the site's words.
  await page.getByRole('textbox', { name: 'Ihr Name' }).fill('   ')
  await page.getByRole('textbox', { name: 'E-Mail' }).fill('miriam@example.org')
  // The booking takes days from tomorrow (in Berlin), within 60 days, not Sundays: the day after tomorrow, or the Monday after.
  const dayAfterTomorrow = addDays(todayIn('Europe/Berlin', Date.now()), 2)
  const wunschtermin = weekdayOf(dayAfterTomorrow) === 'sun' ? addDays(dayAfterTomorrow, 1) : dayAfterTomorrow
  await page.getByRole('textbox', { name: 'Wunschtermin' }).fill(wunschtermin)
  await page.getByRole('combobox', { name: 'Behandlung' }).selectOption({ label: 'Zahnreinigung' })
  await page.getByRole('button', { name: 'Termin anfragen' }).click()
  await expect(page.getByText('Ihr Name ist ein Pflichtfeld')).toBeVisible()
  await expect(formMessage(page)).toHaveText('Bitte füllen Sie alle Pflichtfelder aus.')

  await page.getByRole('textbox', { name: 'Ihr Name' }).fill('Miriam Keller')
  await page.getByRole('button', { name: 'Termin anfragen' }).click()
  await expect(formMessage(page)).toHaveText('Danke! Wir bestätigen Ihren Termin per E-Mail.', { timeout: 30_000 })

  await until('the booking and its confirmation to arrive', () => smtp.received.length === 2, 30_000)
  const booking = smtp.received.find(({ envelope }) => envelope.to.includes('sales@example.com'))!.parsed
  expect(booking.subject).toBe(`Terminanfrage: Miriam Keller — ${wunschtermin}`)
  expect(booking.text).toContain('Behandlung: reinigung')
  expect(await violations()).toEqual([])
})
