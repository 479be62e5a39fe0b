import { expect, test, type Page } from '@playwright/test'
import { scrollThrough, waitForHydrated, waitForHydration } from './support/page-load'
import { watchPage } from './watch-console'

/*
 * A built page hydrates only its islands (runtime/islands/): the header, the footer's button and
 * the blocks blocks/registry.ts calls interactive, each on its own when it comes near the window.
 * The rest of the page stays the prerendered HTML, with no React work.
 */

const hasFiber = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))

test('a static block is never hydrated nor touched: its DOM stays as prerendered, but for the reveal', async ({ page }) => {
  const watcher = watchPage(page)
  // Every change to the page outside its islands once it is parsed (its scripts start after the first paint), but the reveal's data-reveal attribute.
  await page.addInitScript(() => {
    const changes: string[] = []
    ;(window as unknown as { staticChanges: string[] }).staticChanges = changes
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement
        if (!target?.closest('#root') || target.closest('[data-island]')) continue
        if (record.type === 'attributes' && record.attributeName === 'data-reveal') continue
        changes.push(`${record.type} ${target.tagName} ${record.attributeName ?? ''}`)
      }
    })
    document.addEventListener('DOMContentLoaded', () => observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true }))
  })
  await page.goto('/about')
  await waitForHydration(page)
  await scrollThrough(page)
  expect(await page.evaluate(() => (window as unknown as { staticChanges: string[] }).staticChanges)).toEqual([])
  // The page hero, the footer: no React fiber on them, while the header has one.
  expect(await hasFiber(page, '#root h1')).toBe(false)
  expect(await hasFiber(page, '#root footer')).toBe(false)
  expect(await hasFiber(page, '#root header')).toBe(true)
  watcher.expectClean()
})

test('an island below the first screen hydrates when scrolled into view, and not before', async ({ page }) => {
  await page.goto('/about')
  await waitForHydration(page)
  const figures = page.getByRole('region', { name: 'Eastbridge in Numbers' })
  await expect(figures).not.toBeInViewport()
  // Time for a hydration that should not happen: the page is idle, its scripts all in.
  await page.waitForLoadState('networkidle')
  expect(await figures.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))).toBe(false)
  await waitForHydrated(figures)
})

test('the header menu works from the keyboard as soon as the first screen is live', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  const services = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' })
  while (!(await services.evaluate((element) => element === document.activeElement))) await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('dropdown-Services')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('dropdown-Services')).toBeHidden()
})

test("a page carries inline only its islands' data; the shared data is one content-hashed file kept for a year", async ({ request }) => {
  const inlineData = async (path: string) => {
    const html = await (await request.get(path)).text()
    return JSON.parse(/<script type="application\/json" id="site-data">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>
  }
  const about = await inlineData('/about')
  const contact = await inlineData('/contact')
  // /about hydrates its figures and case studies, /contact its form: each the words and forms of those alone.
  expect(Object.keys(about).sort()).toEqual(['path', 'shared', 'texts'])
  expect(about.path).toBe('/about')
  expect(Object.keys(contact).sort()).toEqual(['forms', 'path', 'shared', 'texts'])
  expect(JSON.stringify(about)).not.toContain('navigation')
  expect(about.shared).toBe(contact.shared)
  expect(about.shared).toMatch(/^\/assets\/site-[\w-]+\.json$/)

  const shared = await request.get(about.shared as string)
  expect(shared.status()).toBe(200)
  expect(shared.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  const data = (await shared.json()) as { shell: { navigation: unknown } }
  expect(data.shell.navigation).toBeTruthy()
})
