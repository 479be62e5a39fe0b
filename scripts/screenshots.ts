/**
 * `npm run screenshots [-- /route …] [--reduced-motion] [--no-build]`: full-page screenshots of
 * every route of site.config.json at 1440×900 and 390×844 in Debian's Chromium, against the built
 * site served by the real server, plus the open Services dropdown (with its sub-menu) and the open
 * mobile menu. Written to .screenshots/<desktop|phone>/<route>.png for a person to look at.
 *
 * Each page is scrolled through before the shot, so the fade-ins and count-ups have run (or pass
 * --reduced-motion to skip the motion). Prints a warning for every phone page wider than the
 * screen, the one layout fault a screenshot hides (it just gets wider).
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import type { SiteConfig } from '../site/generated/site-config.ts'
import { createApp } from '../server/compose/app.ts'
import { createLogger } from '../ground/log.ts'
import { ensureBuild } from './lib/ensure-build.ts'
import { distDir, root } from './lib/paths.ts'
import { chosenSite } from './lib/site-folder.ts'

const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const

const args = process.argv.slice(2)
const only = args.filter((arg) => arg.startsWith('/'))
const reducedMotion = args.includes('--reduced-motion') ? 'reduce' : 'no-preference'
const outDir = path.join(root, '.screenshots')

const config = JSON.parse(readFileSync(chosenSite().configFile, 'utf8')) as SiteConfig
const routes = config.routes.map((route) => route.path).filter((routePath) => only.length === 0 || only.includes(routePath))
routes.push('/no-such-page')
// A full run starts from an empty folder, so shots of renamed routes do not linger.
if (only.length === 0) rmSync(outDir, { recursive: true, force: true })

if (!args.includes('--no-build')) ensureBuild(console.log)
const server = createApp({ distDir, log: createLogger({ level: 'silent' }) }).listen(Number(process.env.SCREENSHOTS_PORT ?? 0), '127.0.0.1')
await new Promise((resolve) => server.once('listening', resolve))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})

const fileName = (routePath: string) => `${routePath.replace(/^\//, '').replace(/\//g, '__') || 'home'}.png`

/** Scrolls down a screen at a time so every reveal and count-up fires, then back to the top. */
async function scrollThrough(page: Page) {
  // No named helpers inside: tsx would wrap them in a `__name` call the page does not have.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 150))
    }
    window.scrollTo(0, 0)
  })
  // The slowest motion: a count-up of about 2 s and a 0.6 s fade after a 0.2 s delay.
  await page.waitForTimeout(2200)
}

const overflowing: string[] = []
let shots = 0
try {
  for (const [name, viewport] of Object.entries(viewports)) {
    const context = await browser.newContext({ viewport, reducedMotion, deviceScaleFactor: 1 })
    const page = await context.newPage()
    mkdirSync(path.join(outDir, name), { recursive: true })
    for (const routePath of routes) {
      await page.goto(base + routePath, { waitUntil: 'networkidle' })
      await scrollThrough(page)
      await page.screenshot({ path: path.join(outDir, name, fileName(routePath)), fullPage: true })
      shots++
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
      if (widths[0]! > widths[1]!) overflowing.push(`${name} ${routePath}: ${widths[0]} px wide in a ${widths[1]} px window`)
    }
    await context.close()
  }
  await menuShots()
} finally {
  await browser.close()
  server.close()
}

/** The open Services dropdown with the Security Solutions sub-menu, and the open mobile menu. */
async function menuShots() {
  const desktop = await browser.newPage({ viewport: viewports.desktop, reducedMotion })
  await desktop.goto(`${base}/services`, { waitUntil: 'networkidle' })
  const nav = desktop.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('button', { name: 'Services' }).click()
  await desktop.getByTestId('dropdown-Services').getByRole('button', { name: 'Security Solutions' }).click()
  await desktop.waitForTimeout(400)
  await desktop.screenshot({ path: path.join(outDir, 'desktop', 'menu-services-open.png') })
  await desktop.close()

  const phone = await browser.newPage({ viewport: viewports.phone, reducedMotion })
  await phone.goto(`${base}/`, { waitUntil: 'networkidle' })
  await phone.getByRole('button', { name: 'Open menu' }).click()
  await phone.getByRole('dialog').waitFor()
  await phone.getByRole('dialog').getByRole('button', { name: 'Services' }).click()
  await phone.waitForTimeout(500)
  await phone.screenshot({ path: path.join(outDir, 'phone', 'menu-open.png') })
  await phone.close()
  shots += 2
}

console.log(`${shots} screenshots in ${path.relative(process.cwd(), outDir) || '.'}/`)
for (const line of overflowing) console.warn(`horizontal scroll: ${line}`)
if (overflowing.length === 0) console.log('No page scrolls sideways at 390 px or 1440 px.')
