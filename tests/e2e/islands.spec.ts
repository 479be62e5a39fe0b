import { expect, test, type Page } from '@playwright/test'
import { scrollThrough, waitForHydrated, waitForHydration } from './support/page-load'
import { watchPage } from './watch-console'

/*
 * A built page brings to life only its parts that move (runtime/islands/), each on its own when it
 * comes near the window: the header, the footer's button and the blocks blocks/registry.ts calls
 * interactive, as plain script on their prerendered HTML (kit/enhancer.ts), or, for a form,
 * hydrated by React. The rest of the page stays the prerendered HTML, with no script work.
 */

const hasFiber = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))
/** Whether any element of the page was rendered or hydrated by React. */
const anyFiber = (page: Page) => page.evaluate(() => [...document.querySelectorAll('*')].some((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))))

test('a static block is never hydrated nor touched: its DOM stays as prerendered, but for the reveal; a page without a form loads no React', async ({ page }) => {
  const watcher = watchPage(page)
  const scripts: string[] = []
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)))
  // Every change to the page outside its islands once it is parsed (its scripts start after the first paint), but the reveal's data-reveal attribute.
  await page.addInitScript(() => {
    const changes: string[] = []
    ;(window as unknown as { staticChanges: string[] }).staticChanges = changes
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement
        if (!target?.closest('#root') || target.closest('[data-island], [data-enhance]')) continue
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
  // Its figures and case studies and the header are plain script: no React on the page, nor loaded.
  await expect(page.locator('[data-enhance="header"]')).toHaveAttribute('data-live', '')
  expect(await anyFiber(page)).toBe(false)
  expect(scripts.filter((script) => /react|hydrate-islands/.test(script))).toEqual([])
  watcher.expectClean()
})

test('a part below the first screen comes alive when scrolled into view, and not before', async ({ page }) => {
  await page.goto('/about')
  await waitForHydration(page)
  const figures = page.locator('[data-enhance="stats"]')
  await expect(page.getByRole('region', { name: 'Eastbridge in Numbers' })).not.toBeInViewport()
  // Time for an enhancement that should not happen: the page is idle, its scripts all in.
  await page.waitForLoadState('networkidle')
  await expect(figures).not.toHaveAttribute('data-live')
  await waitForHydrated(page.getByRole('region', { name: 'Eastbridge in Numbers' }))
  await expect(figures).toHaveAttribute('data-live', '')
})

test('a form is a React island of its own: the form hydrated, its block around it and the header plain HTML and script', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)))
  await page.goto('/get-quote')
  await waitForHydration(page)
  await waitForHydrated(page.locator('[data-island="form"] form'))
  expect(await hasFiber(page, '[data-island="form"] form')).toBe(true)
  // The block's title and its aside (words and icons) only show: not hydrated, their icons' code never loaded.
  expect(await hasFiber(page, 'main h2')).toBe(false)
  expect(await hasFiber(page, 'main h3')).toBe(false)
  expect(scripts.filter((script) => script.startsWith('/assets/Icon'))).toEqual([])
  expect(await hasFiber(page, '#root header')).toBe(false)
  expect(await hasFiber(page, '#root footer')).toBe(false)
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
  // /about's parts are plain script, which read their markup: it carries no data at all.
  expect(await (await request.get('/about')).text()).not.toContain('id="site-data"')
  // /contact hydrates its form: the words and forms of that alone.
  const contact = await inlineData('/contact')
  expect(Object.keys(contact).sort()).toEqual(['forms', 'path', 'shared', 'texts'])
  expect(contact.path).toBe('/contact')
  expect(JSON.stringify(contact)).not.toContain('navigation')
  expect(contact.shared).toMatch(/^\/assets\/site-[\w-]+\.json$/)

  const shared = await request.get(contact.shared as string)
  expect(shared.status()).toBe(200)
  expect(shared.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  const data = (await shared.json()) as { shell: { navigation: unknown } }
  expect(data.shell.navigation).toBeTruthy()
})
