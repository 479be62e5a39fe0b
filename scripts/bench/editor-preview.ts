/**
 * `npm run bench:editor`: how long a change in the visual editor takes to show in its live
 * preview (target: within 150 ms). Starts `npm run dev` on a copy of the config, opens /_editor,
 * and on each measured page selects a block and five times types a new heading, measuring from
 * the keystroke that completes it until the preview frame shows it. The home page is the heavy
 * case (a carousel, many cards and logos); About Us a typical page. A benchmark: it never fails.
 */
import { chromium, type Page } from '@playwright/test'
import { startDevServer, temporaryConfigCopy } from '../lib/dev-server-process.ts'
import { freePort } from '../lib/local-redis.ts'

const runs = 5
/** Each measured page: its path, its title in the pages list, and the block whose Heading is typed into. */
const cases = [
  { path: '/', pageTitle: 'IT Services & Cyber Security', block: '2. Card grid' },
  { path: '/about', pageTitle: 'About Us', block: '1. Page hero' },
]

async function measure(page: Page, { path, pageTitle, block }: (typeof cases)[number]) {
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('button', { name: new RegExp(`^${pageTitle}`) })
    .click()
  await page.frameLocator(`iframe[title="Preview of ${path}"]`).locator('main section').first().waitFor({ timeout: 60_000 })
  await page
    .getByTestId('block-row')
    .filter({ hasText: block })
    .getByRole('button', { name: new RegExp(`^${block.replace('.', '\\.')}`) })
    .click()
  const heading = page.getByRole('region', { name: new RegExp(`^Block ${block.replace('.', ':')}`) }).getByRole('textbox', { name: 'Heading' })
  const previewFrame = page.frames().find((candidate) => candidate.url().includes('/_editor/preview'))!
  const timings: number[] = []
  for (let run = 1; run <= runs; run++) {
    const text = `Preview run ${run} of ${path}`
    // The preview notes the moment the new text is in its DOM (frame and page share one clock: performance.timeOrigin).
    await previewFrame.evaluate((wanted) => {
      const w = window as unknown as { shownAt?: number }
      delete w.shownAt
      const observer = new MutationObserver(() => {
        if (document.body.textContent?.includes(wanted)) {
          w.shownAt = performance.timeOrigin + performance.now()
          observer.disconnect()
        }
      })
      observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    }, text)
    await heading.fill(text.slice(0, -1))
    // Let the fill's own update reach the preview first: only the last keystroke is measured, from
    // the moment it reaches the editor page (not from when Playwright starts looking for the field).
    await page.waitForTimeout(300)
    await page.evaluate(() => {
      const w = window as unknown as { typedAt?: number }
      delete w.typedAt
      addEventListener('keydown', (event) => (w.typedAt = performance.timeOrigin + event.timeStamp), { once: true, capture: true })
    })
    await heading.press(text.slice(-1))
    const shownAt = await previewFrame.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt, undefined, { timeout: 15_000 })
    const typedAt = await page.evaluate(() => (window as unknown as { typedAt: number }).typedAt)
    timings.push(Math.round(((await shownAt.jsonValue()) as number) - typedAt))
    await page.waitForTimeout(300)
  }
  const sorted = [...timings].sort((a, b) => a - b)
  console.log(`${path}: edit → preview (${runs} runs) ${timings.join(', ')} ms; median ${sorted[Math.floor(runs / 2)]} ms, max ${sorted.at(-1)} ms (target ≤ 150 ms)`)
}

const config = temporaryConfigCopy()
const server = await startDevServer({ port: await freePort(), configFile: config.file })
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  await page.goto(`${server.url}/_editor`)
  for (const measured of cases) await measure(page, measured)
} finally {
  await browser.close()
  await server.stop()
  config.remove()
}
