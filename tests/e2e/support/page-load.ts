import type { Page } from '@playwright/test'

/**
 * Waits until React has hydrated the prerendered page: hydration attaches a fiber to every DOM
 * node it claims, so once the h1 and the footer (first and last of the page) carry one, the
 * whole tree has been hydrated and any hydration mismatch has already been reported.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const hydrated = (element: Element | null) => !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber$'))
    return hydrated(document.querySelector('#root h1')) && hydrated(document.querySelector('#root footer'))
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
