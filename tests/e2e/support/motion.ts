import { expect, type Locator, type Page } from '@playwright/test'
import { waitForHydration } from './page-load'

/**
 * Opens a page with the page's clock stopped (Playwright's fake timers), so a test moves time on
 * itself with `page.clock.runFor`: the carousel's 5 s turns take no real time and never race the
 * test. CSS transitions and intersection observers still run in real time.
 */
export async function openWithStoppedClock(page: Page, path: string) {
  const start = new Date('2026-01-05T09:00:00Z')
  await page.clock.install({ time: start })
  // A minute on, so the stop never lands in the past however slowly the machine runs; no page
  // is open yet, so no timer fires on the way.
  await page.clock.pauseAt(new Date(start.getTime() + 60_000))
  await page.goto(path)
  // The page starts its script a timer turn after the browser reports its first paint (which may
  // come after page.goto returns) and its first screen's pictures are in: the clock moves on in
  // small steps until it has started (it adds the page's preloads first), and no further, so the
  // carousel's timer starts from a standing clock.
  // Enhancing and hydrating need no timers, so they complete while the clock stands still.
  await expect
    .poll(async () => {
      await page.clock.runFor(20)
      return page.evaluate(() => document.querySelector('link[rel="modulepreload"]') !== null)
    })
    .toBe(true)
  await waitForHydration(page)
}

/** The CSS animations (not transitions) running under an element, as the browser reports them. */
export function cssAnimations(locator: Locator) {
  return locator.evaluate((element) =>
    element
      .getAnimations({ subtree: true })
      .filter((animation) => animation instanceof CSSAnimation)
      .map((animation) => ({
        durationMs: Number(animation.effect?.getTiming().duration),
        playState: animation.playState,
      })),
  )
}

/** Left edge of an element now and a moment later: different while it scrolls, equal while still. */
export async function horizontalDrift(locator: Locator, waitMs = 300) {
  const before = await locator.evaluate((element) => element.getBoundingClientRect().left)
  await locator.page().waitForTimeout(waitMs)
  const after = await locator.evaluate((element) => element.getBoundingClientRect().left)
  return Math.abs(after - before)
}

/** The computed opacity of an element, which is what decides whether the reader sees it. */
export const opacityOf = (locator: Locator) => locator.evaluate((element) => Number(getComputedStyle(element).opacity))

/**
 * How visible the least visible text of each fading section (and of its fading cards) is: the
 * product of its own and its parents' opacity, as the reader sees it. 1 when all shows fully.
 */
export const leastVisibleText = (page: Page) =>
  page.locator('[data-reveal]').evaluateAll((sections) =>
    sections.map((section) => {
      const seen = (element: Element | null): number => (element ? Number(getComputedStyle(element).opacity) * seen(element.parentElement) : 1)
      const texts = [...section.querySelectorAll('h2, h3, p')]
      return Math.min(...texts.map(seen))
    }),
  )

/**
 * Two frames after the page's script took the element over (waitForHydration first): its block
 * hydrated if it is part of an island (runtime/islands/), else the page's script watches it;
 * effects ran and intersection observers reported.
 */
export async function afterHydrationOf(locator: Locator) {
  await expect.poll(() => locator.evaluate((element) => !element.closest('[data-island]') || Object.keys(element).some((key) => key.startsWith('__reactFiber$')))).toBe(true)
  await locator.page().evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

/** Moves the pointer over the middle of an element without waiting for it to stand still. */
export async function pointAt(page: Page, locator: Locator) {
  const box = await locator.boundingBox()
  expect(box, 'the element is laid out').not.toBeNull()
  const viewport = page.viewportSize()!
  await page.mouse.move(Math.min(box!.x + box!.width / 2, viewport.width / 2), box!.y + box!.height / 2)
}
