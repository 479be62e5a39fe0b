import { expect, test } from '@playwright/test'
import { expectStrictPolicy, recordViolations } from './support/csp-violations'
import { brokenLinks } from './support/link-check'
import { scrollThrough, stubOtherOrigins, waitForHydration } from './support/page-load'
import { expectedHeading, expectedTitle, siteRoutes } from './support/site-routes'
import { watchPage } from './watch-console'

/*
 * Visits every route of site.config.json the way a reader does: loads it, waits for hydration,
 * scrolls to the bottom (lazy images, fade-ins, count-ups) and checks that nothing went wrong,
 * the Content-Security-Policy included (no `securitypolicyviolation`), then follows every
 * internal link on it. Third-party requests (the contact page's map) are
 * answered with an empty page: the crawl judges our requests, offline and without a map service.
 */
test.describe.configure({ mode: 'parallel' })

test('the crawl covers every route of the route table', () => {
  expect(siteRoutes.length).toBe(32)
  expect(siteRoutes.map((route) => route.path)).toEqual(expect.arrayContaining(['/', '/contact', '/get-quote', '/career', '/resources/gallery']))
})

for (const route of siteRoutes) {
  test(`${route.path} loads cleanly under its policy with its own title and heading, and its links resolve`, async ({ page, request, baseURL }) => {
    const watcher = watchPage(page)
    const violations = await recordViolations(page)
    await stubOtherOrigins(page, baseURL!)
    const response = await page.goto(route.path)
    expect(response?.status(), `${route.path} answers`).toBe(200)
    expectStrictPolicy(response?.headers()['content-security-policy'] ?? '')
    expect(new URL(page.url()).pathname, 'no redirect away from a canonical path').toBe(route.path)

    await expect(page).toHaveTitle(expectedTitle(route))
    const h1 = page.locator('h1')
    await expect(h1, 'exactly one h1').toHaveCount(1)
    await expect(h1).toBeVisible()
    const heading = expectedHeading(route)
    if (heading) await expect(h1).toHaveText(heading)
    else await expect(h1).not.toBeEmpty()

    await waitForHydration(page)
    await scrollThrough(page)
    expect(watcher.problems, `console messages, page errors or failed requests on ${route.path}`).toEqual([])
    expect(await violations(), `Content-Security-Policy violations on ${route.path}`).toEqual([])

    const broken = await brokenLinks(page, request)
    expect(broken, `internal links on ${route.path} that do not resolve to a 200 page:\n  ${broken.join('\n  ')}`).toEqual([])
  })
}

test('every link in the main menu, dropdowns and sub-menus included, resolves', async ({ page, request }) => {
  await page.goto('/')
  await waitForHydration(page)
  // The panels are rendered only while open, so the page crawl above never sees their links.
  const nav = page.getByRole('navigation', { name: 'Main' })
  const broken: string[] = []
  const menuLabels = await nav.locator(':scope > div > button[aria-expanded]').allInnerTexts()
  expect(menuLabels.length, 'the main menu has dropdowns').toBeGreaterThan(0)
  for (const label of menuLabels) {
    const menu = nav.getByRole('button', { name: label, exact: true })
    await menu.click()
    const panel = page.locator(`#${await menu.getAttribute('aria-controls')}`)
    await expect(panel).toBeVisible()
    broken.push(...(await brokenLinks(page, request)))
    for (const subLabel of await panel.locator('button[aria-expanded]').allInnerTexts()) {
      const subMenu = panel.getByRole('button', { name: subLabel, exact: true })
      await subMenu.click()
      await expect(subMenu).toHaveAttribute('aria-expanded', 'true')
      broken.push(...(await brokenLinks(page, request)))
    }
  }
  expect(broken, `menu links that do not resolve to a 200 page:\n  ${broken.join('\n  ')}`).toEqual([])
})
