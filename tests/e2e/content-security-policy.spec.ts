import { expect, test } from '@playwright/test'
import { pdfFile } from '../server/support/resume-files.ts'
import { dropResume, fillCareerPerson, fillContact, fillQuote, formMessage, openForm } from './support/form-pages'
import { recordViolations } from './support/csp-violations'
import { stubOtherOrigins, waitForHydration } from './support/page-load'

/*
 * The Content-Security-Policy enforced by the browser where pages do more than load: menus opened,
 * forms sent. Any `securitypolicyviolation` fails the test, so the policy and the pages cannot
 * drift apart. Every page loaded, hydrated and scrolled through under its policy is checked by the
 * crawl (pages-crawl.spec.ts), in the same visit as its other checks.
 */
test.describe.configure({ mode: 'parallel' })

test('the menus open without a violation, on a desktop and on a phone', async ({ page, baseURL }) => {
  const violations = await recordViolations(page)
  await stubOtherOrigins(page, baseURL!)
  await page.goto('/')
  await waitForHydration(page)
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const menu of ['Services', 'Resources']) {
    await nav.getByRole('button', { name: menu }).click()
    await expect(page.getByTestId(`dropdown-${menu}`)).toBeVisible()
    await page.keyboard.press('Escape')
  }
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Services' }).click()
  expect(await violations()).toEqual([])
})

test('the three forms are sent without a violation', async ({ page, baseURL }) => {
  const violations = await recordViolations(page)
  await stubOtherOrigins(page, baseURL!)

  await openForm(page, '/contact', 'Send Message')
  await fillContact(page)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(formMessage(page)).toContainText('Message sent successfully!')

  await openForm(page, '/get-quote', 'Submit Request')
  await fillQuote(page)
  await page.getByRole('button', { name: 'Submit Request' }).click()
  await expect(formMessage(page)).toContainText('Quote request submitted!')

  await openForm(page, '/career', 'Submit Application')
  await fillCareerPerson(page)
  await dropResume(page, { name: 'cv.pdf', mimeType: 'application/pdf', bytes: pdfFile() })
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(formMessage(page)).toContainText('Application submitted successfully!')

  expect(await violations()).toEqual([])
})
