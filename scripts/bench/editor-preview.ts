/**
 * `npm run bench:editor`: how long a change in the visual editor takes to show in its live
 * preview (target: within half a second). Starts `npm run dev` on a copy of the config, opens
 * /_editor on About Us, selects the hero and five times types a new heading, measuring from the
 * keystroke that completes it until the preview frame shows it. A benchmark: it never fails.
 */
import { chromium } from '@playwright/test'
import { startDevServer, temporaryConfigCopy } from '../lib/dev-server-process.ts'
import { freePort } from '../lib/local-redis.ts'

const runs = 5
const config = temporaryConfigCopy()
const server = await startDevServer({ port: await freePort(), configFile: config.file })
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  await page.goto(`${server.url}/_editor`)
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('button', { name: /^About Us/ })
    .click()
  const frame = page.frameLocator('iframe[title^="Preview of"]')
  await frame.locator('main section').first().waitFor({ timeout: 60_000 })
  await page
    .getByTestId('block-row')
    .filter({ hasText: '1. Page hero' })
    .getByRole('button', { name: /^1\. Page hero/ })
    .click()
  const heading = page.getByRole('region', { name: /^Block 1: Page hero/ }).getByRole('textbox', { name: 'Heading' })
  const previewFrame = page.frames().find((candidate) => candidate.url().includes('/_editor/preview'))!
  const timings: number[] = []
  for (let run = 1; run <= runs; run++) {
    const text = `Preview run ${run}`
    // The preview notes (on the shared wall clock) the moment the new text is in its DOM.
    await previewFrame.evaluate((wanted) => {
      const w = window as unknown as { shownAt?: number }
      delete w.shownAt
      const observer = new MutationObserver(() => {
        if (document.body.textContent?.includes(wanted)) {
          w.shownAt = Date.now()
          observer.disconnect()
        }
      })
      observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    }, text)
    await heading.fill(text.slice(0, -1))
    const typedAt = await page.evaluate(() => Date.now())
    await heading.press(text.slice(-1))
    const shownAt = await previewFrame.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt, undefined, { timeout: 15_000 })
    timings.push(((await shownAt.jsonValue()) as number) - typedAt)
    console.log(`run ${run}: ${timings.at(-1)} ms`)
    await page.waitForTimeout(300)
  }
  const sorted = [...timings].sort((a, b) => a - b)
  console.log(`edit → preview (${runs} runs): median ${sorted[Math.floor(runs / 2)]} ms, max ${sorted.at(-1)} ms (target ≤ 500 ms)`)
} finally {
  await browser.close()
  await server.stop()
  config.remove()
}
