import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Waits until the prerendered page is live: every part on its first screen (runtime/islands/) has
 * come alive. A part written as plain script (data-enhance) is marked data-live once its enhancer
 * has run; a React island has hydrated once its first element carries a fiber (hydration attaches
 * one to every DOM node it claims; React writes preloads first, the logo's). The page script,
 * which starts the reveal of the sections first, has run by then.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const hydrated = (element: Element | null) => !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber$'))
    const firstOf = (part: Element) => part.querySelector(':scope > :not(link)')
    const onScreen = [...document.querySelectorAll('[data-island], [data-enhance]')].filter((part) => (firstOf(part)?.getBoundingClientRect().top ?? Infinity) < window.innerHeight)
    return onScreen.length > 0 && onScreen.every((part) => (part.hasAttribute('data-enhance') ? part.hasAttribute('data-live') : hydrated(firstOf(part))))
  })
}

/**
 * Scrolls to the bottom one screen at a time, as a reader would, so lazy images load and
 * scroll-triggered effects (fade-ins, count-ups) run, then returns to the top.
 */
export async function scrollThrough(page: Page) {
  const { innerHeight } = await page.evaluate(() => ({ innerHeight: window.innerHeight }))
  for (let y = 0; ; y += innerHeight) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    if (y >= height) break
    await page.evaluate((top) => window.scrollTo(0, top), y)
    // Two frames: the intersection observers deliver, and the images they reveal start loading.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  }
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => window.scrollTo(0, 0))
}

/**
 * Answers requests to other origins (the contact page's embedded map) with an empty page, so the
 * crawl checks our own requests and does not depend on, or load, a third-party service.
 * Returns the list of third-party URLs the page asked for.
 */
export async function stubOtherOrigins(page: Page, baseURL: string): Promise<string[]> {
  const origin = new URL(baseURL).origin
  const requested: string[] = []
  await page.route(
    (url) => url.origin !== origin,
    (route) => {
      requested.push(route.request().url())
      return route.fulfill({ status: 200, contentType: 'text/html', body: '' })
    },
  )
  return requested
}

/**
 * Waits until the element is live: below the first screen a part (runtime/islands/) comes alive
 * once it comes near the window, so a test scrolls to it and waits for this before it clicks. The
 * element is in a plain-script part marked live, or is hydrated by React (it carries a fiber).
 */
export async function waitForHydrated(locator: Locator) {
  await locator.scrollIntoViewIfNeeded()
  await expect
    .poll(() => locator.evaluate((element) => !!element.closest('[data-enhance][data-live]') || Object.keys(element).some((key) => key.startsWith('__reactFiber$'))))
    .toBe(true)
}
