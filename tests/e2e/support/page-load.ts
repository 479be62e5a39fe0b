import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Waits until the prerendered page is live. A built page hydrates its islands alone (the header,
 * interactive blocks: runtime/islands/), each as its own React root, those on the first screen at
 * once: hydration attaches a fiber to every DOM node it claims, so once each island on the screen
 * carries one on its first element (after the preloads React writes first), those have hydrated (and reported any mismatch), and the page
 * script, which starts the reveal of the other sections first, has run.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const hydrated = (element: Element | null) => !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber$'))
    // An island's first element but the preloads React writes before it (the logo's).
    const firstOf = (island: Element) => island.querySelector(':scope > :not(link)')
    const onScreen = [...document.querySelectorAll('[data-island]')].filter((island) => (firstOf(island)?.getBoundingClientRect().top ?? Infinity) < window.innerHeight)
    return onScreen.length > 0 && onScreen.every((island) => hydrated(firstOf(island)))
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
 * Waits until the element is hydrated: below the first screen an island (runtime/islands/)
 * hydrates once it comes near the window, so a test scrolls to it and waits for this before it clicks.
 */
export async function waitForHydrated(locator: Locator) {
  await locator.scrollIntoViewIfNeeded()
  await expect.poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))).toBe(true)
}
