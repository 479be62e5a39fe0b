import { expect, test } from '@playwright/test'
import { createRequire } from 'node:module'
import { waitForHydration } from './support/page-load'
import { siteRoutes } from './support/site-routes'

/* Text stays readable on the shipped theme: axe's colour-contrast rule (4.5:1 for body text) on every page. */
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

// axe is injected as a script tag, which the pages' Content-Security-Policy rightly refuses; this
// test is about colours (tests/e2e/content-security-policy.spec.ts tests the policy).
test.use({ bypassCSP: true })

for (const route of siteRoutes) {
  test(`${route.path}: text contrast meets WCAG AA`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' }) // sections shown at once, not mid-fade
    await page.goto(route.path)
    await waitForHydration(page)
    await page.addScriptTag({ path: axeSource })
    const violations = await page.evaluate(async () => {
      const results = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { runOnly: ['color-contrast'] })
      return results.violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`))
    })
    expect(violations).toEqual([])
  })
}
