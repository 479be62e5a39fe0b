import { expect, test, type Page } from '@playwright/test'
import { pdfFile } from '../server/support/resume-files.ts'
import { dropResume, fillCareerPerson, fillContact, fillQuote, formMessage, openForm } from './support/form-pages'
import { scrollThrough, stubOtherOrigins, waitForHydration } from './support/page-load'
import { siteRoutes } from './support/site-routes'

/*
 * Every page with its Content-Security-Policy enforced by the browser: loaded, hydrated, scrolled
 * through, menus opened, forms sent. Any `securitypolicyviolation` (a blocked inline script, a
 * style, a frame, a fetch) fails the test, so the policy and the pages cannot drift apart.
 */
test.describe.configure({ mode: 'parallel' })

async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`)
    })
  })
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)
}

for (const route of siteRoutes) {
  test(`${route.path} runs under its policy without a violation`, async ({ page, baseURL }) => {
    const violations = await recordViolations(page)
    await stubOtherOrigins(page, baseURL!)
    const response = await page.goto(route.path)
    const policy = response?.headers()['content-security-policy'] ?? ''
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/)
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(policy).toContain("frame-ancestors 'none'")
    await waitForHydration(page)
    await scrollThrough(page)
    expect(await violations()).toEqual([])
  })
}

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
