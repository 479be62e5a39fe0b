import { expect, test } from '@playwright/test'
import path from 'node:path'
import { root } from '../../scripts/lib/paths.ts'
import { expectStrictPolicy, recordViolations } from './support/csp-violations.ts'
import { formMessage, openForm } from './support/form-pages.ts'
import { until } from '../../scripts/harness/site-server.ts'
import { builtSiteSession } from './support/built-site.ts'
import { addDays, todayIn, weekdayOf } from '../../site/date-rules.ts'

/*
 * Another business's site in a browser: the dental practice of tests/fixtures/second-site, built
 * with SITE_DIR into a folder of its own and served by the production server. Its booking form
 * (a date picker, a list to choose from, ALTCHA's proof of work solved in a worker under the
 * page's strict policy) is filled in Chromium and arrives as mail, in the site's own words.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 })

const siteDir = path.join(root, 'tests', 'fixtures', 'second-site')
const site = builtSiteSession(siteDir, { ALTCHA_HMAC_KEY: 'a-test-key-for-the-second-site-proofs' })

test('the booking form names a missing field in German, then sends a date and a choice with its proof of work, under the strict policy', async ({ page }) => {
  const violations = await recordViolations(page)
  const policies: string[] = []
  page.on('response', (response) => {
    if (response.url().endsWith('/termin')) policies.push(response.headers()['content-security-policy'] ?? '')
  })
  await openForm(page, `${site.server.url}/termin`, 'Termin anfragen')
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

  await until('the booking and its confirmation to arrive', () => site.smtp.received.length === 2, 30_000)
  const booking = site.smtp.received.find(({ envelope }) => envelope.to.includes('sales@example.com'))!.parsed
  expect(booking.subject).toBe(`Terminanfrage: Miriam Keller — ${wunschtermin}`)
  expect(booking.text).toContain('Behandlung: reinigung')
  expect(await violations()).toEqual([])
})
