import { expect, test } from '@playwright/test'
import { afterHydrationOf, leastVisibleText, opacityOf } from './support/motion'
import { waitForHydration } from './support/page-load'

/* Fade-in on scroll seen from the reader's side: it only ever adds motion to content that is there from the first paint. */

test.describe('fade-in on scroll', () => {
  test('a section below the fold is transparent until scrolled to, then fades in fully', async ({ page }) => {
    await page.goto('/about')
    await waitForHydration(page)
    const section = page.getByRole('region', { name: 'Eastbridge in Numbers' })
    await expect(section).not.toBeInViewport()
    await expect.poll(() => opacityOf(section)).toBe(0)
    await section.scrollIntoViewIfNeeded()
    await expect.poll(() => opacityOf(section)).toBe(1)
  })

  test('cards fade in one after another', async ({ page }) => {
    await page.goto('/about')
    await waitForHydration(page)
    const cards = page.getByRole('region', { name: 'Our Core Values' }).getByRole('listitem')
    await expect.poll(() => opacityOf(cards.first())).toBe(0)
    await cards.first().scrollIntoViewIfNeeded()
    // Sample both cards in the same frame, once the first is half visible: the last still lags.
    const lastWhenFirstIsHalfIn = await cards.evaluateAll(
      (items) =>
        new Promise<number>((resolve) => {
          const opacity = (item: Element) => Number(getComputedStyle(item).opacity)
          const check = () => (opacity(items[0]!) >= 0.5 ? resolve(opacity(items.at(-1)!)) : requestAnimationFrame(check))
          check()
        }),
    )
    expect(lastWhenFirstIsHalfIn).toBeLessThan(0.5)
    await expect.poll(() => opacityOf(cards.last())).toBe(1)
  })
})

test.describe('content at first paint', () => {
  test('shows every section before any script has run; once the scripts run, a section showing at the bottom edge of the window stays shown', async ({ page }) => {
    // The page's scripts are held back, as on a slow connection, until the test lets them through.
    let asked = 0
    let letThrough = () => {}
    const through = new Promise<void>((resolve) => (letThrough = resolve))
    await page.route(/\.js$/, async (route) => {
      asked++
      await through
      await route.continue()
    })
    await page.goto('/about', { waitUntil: 'commit' })
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0)
    // The page asks for them once it has painted (and its first screen's pictures are in).
    await expect.poll(() => asked, { message: 'the page asked for its scripts' }).toBeGreaterThan(0)
    const sections = await leastVisibleText(page)
    expect(sections.length).toBeGreaterThan(3)
    expect(sections, 'every fading section, on screen or below it, is fully visible').toEqual(sections.map(() => 1))

    // A window whose bottom edge cuts 20 px into a section: its top is seen, so fading it must not hide it.
    const cut = page.locator('[data-reveal]').nth(2)
    const top = await cut.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)
    await page.setViewportSize({ width: 1440, height: Math.round(top) + 20 })
    letThrough()
    await waitForHydration(page)
    await afterHydrationOf(cut)
    expect((await leastVisibleText(page))[2]).toBe(1)
  })

  test.describe('with scripts blocked', () => {
    test.use({ javaScriptEnabled: false })

    test('every section and card is visible, to the end of the page', async ({ page }) => {
      await page.goto('/about')
      const sections = await leastVisibleText(page)
      expect(sections, 'every fading section is fully visible').toEqual(sections.map(() => 1))
      await page.locator('[data-reveal]').last().scrollIntoViewIfNeeded()
      await expect(page.getByRole('region', { name: 'Our Journey' })).toBeInViewport()
    })
  })
})
