/**
 * Full-page screenshots in Debian's Chromium at a phone's and a desktop's width, taken so that the
 * same page gives the same pixels every time: reduced motion (the carousel stays on its first
 * slide, the logo strip stands still, sections are shown without fading in), CSS animations
 * stopped, every image loaded (lazy ones too) and the fonts ready, other origins answered empty,
 * and the shot repeated until two in a row agree.
 */
import fs from 'node:fs'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { PreviewError } from './preview-error.ts'
import { widths, type WidthName } from './preview-result.ts'

export interface Screenshot {
  png: Buffer
  /** False when the page still changed between the last shots taken. */
  settled: boolean
}

const SHOTS_UNTIL_SETTLED = 4

const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'

/** Before the builds, so a missing browser is said at once rather than after them. */
export function checkBrowser(): void {
  if (!fs.existsSync(executablePath)) throw new PreviewError(`no Chromium at ${executablePath} (bash scripts/ensure-chromium.sh installs Debian's; CHROME_PATH names another)`)
}

function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
}

async function newContext(browser: Browser, siteUrl: string, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    colorScheme: 'light',
    locale: 'en-GB',
    timezoneId: 'UTC',
  })
  // The contact page's map and anything else from elsewhere: not ours to compare, and not to depend on.
  const origin = new URL(siteUrl).origin
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '' }),
  )
  return context
}

async function settledScreenshot(page: Page, url: string): Promise<Screenshot> {
  await page.goto(url, { waitUntil: 'networkidle' })
  // Hydration starts after the first paint; a page React has taken over carries its fibers.
  await page
    .waitForFunction(() => Object.keys(document.querySelector('#root > *') ?? {}).some((key) => key.startsWith('__reactFiber$')), undefined, { timeout: 10_000 })
    .catch(() => {})
  // No named functions in here: tsx would wrap them in a helper the page does not have.
  await page.evaluate(async () => {
    for (const image of Array.from(document.images)) image.loading = 'eager'
    await document.fonts.ready
    await Promise.all(
      Array.from(document.images, (image) =>
        image.complete
          ? image.decode().catch(() => {})
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true })
              image.addEventListener('error', resolve, { once: true })
              setTimeout(resolve, 10_000)
            }),
      ),
    )
  })
  let previous: Buffer | undefined
  for (let attempt = 0; attempt < SHOTS_UNTIL_SETTLED; attempt++) {
    const png = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' })
    if (previous?.equals(png)) return { png, settled: true }
    previous = png
  }
  return { png: previous!, settled: false }
}

export interface Camera {
  /** One page's screenshot; `route` is its address on the site (`/about`). */
  shoot(siteUrl: string, route: string, width: WidthName): Promise<Screenshot>
  close(): Promise<void>
}

/**
 * A browser whose tabs are reused, one context per site and width: a new tab costs a renderer
 * process's start, as long as a page's load on a busy machine. Between pages a tab forgets what
 * the site stored, so a page looks as it does on a first visit.
 */
export async function openCamera(): Promise<Camera> {
  const browser = await launchBrowser()
  const contexts = new Map<string, Promise<BrowserContext>>()
  const idleTabs = new Map<string, Page[]>()
  return {
    async shoot(siteUrl, route, width) {
      const key = `${width} ${siteUrl}`
      if (!contexts.has(key)) contexts.set(key, newContext(browser, siteUrl, widths[width]))
      const context = await contexts.get(key)!
      const page = idleTabs.get(key)?.pop() ?? (await context.newPage())
      try {
        const shot = await settledScreenshot(page, siteUrl + route)
        await page.evaluate(() => {
          localStorage.clear()
          sessionStorage.clear()
        })
        await context.clearCookies()
        idleTabs.set(key, [...(idleTabs.get(key) ?? []), page])
        return shot
      } catch (error) {
        await page.close()
        throw error
      }
    },
    close: () => browser.close(),
  }
}
