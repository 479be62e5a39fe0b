import { expect, test } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { root } from '../../scripts/lib/paths.ts'
import { startSiteServer, temporaryOutbox, type SiteServer } from '../../scripts/harness/site-server.ts'
import { expectStrictPolicy, recordViolations } from './support/csp-violations.ts'

/*
 * A Bengali site that ships its own font (tests/fixtures/bengali-fonts: the theme names
 * @fontsource/noto-sans-bengali), built into a folder of its own and served by the production
 * server, in a Chromium whose fontconfig sees DejaVu's folder only: no system font has a Bengali
 * letter, as on a visitor's device without one. With its font blocked the heading is drawn as
 * boxes; with it, as Bengali.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 })

const siteDir = path.join(root, 'tests', 'fixtures', 'bengali-fonts')
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bengali-fonts-e2e-'))
const outDir = path.join(scratch, 'dist')
const fontsConf = path.join(scratch, 'fonts.conf')
fs.writeFileSync(
  fontsConf,
  `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n  <dir>/usr/share/fonts/truetype/dejavu</dir>\n  <cachedir>${path.join(scratch, 'fontconfig-cache')}</cachedir>\n</fontconfig>\n`,
)
test.use({ launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], env: { ...process.env, FONTCONFIG_FILE: fontsConf } } })

const heading = 'মিত্র মিষ্টি ভাণ্ডার'
let server: SiteServer
let outbox: Awaited<ReturnType<typeof temporaryOutbox>>

test.beforeAll(async () => {
  // A whole build of the site: seconds on a quiet machine, far more beside other work.
  test.setTimeout(180_000)
  execFileSync('npx', ['tsx', 'scripts/build.ts'], { cwd: root, env: { ...process.env, SITE_DIR: siteDir, SITE_CONFIG: '', SITE_OUT_DIR: outDir }, stdio: 'pipe' })
  outbox = await temporaryOutbox()
  server = await startSiteServer({ outboxDir: outbox.dir, smtpUrl: 'smtp://127.0.0.1:9', env: { DIST_DIR: outDir } })
})

test.afterAll(async () => {
  await server?.stop()
  await outbox?.remove()
  fs.rmSync(scratch, { recursive: true, force: true })
})

test('the build self-hosts the font: hashed files, @font-face with swap and unicode-range, preloads of the Bengali subset, allowed by the policy', async () => {
  const files = fs.readdirSync(path.join(outDir, 'assets', 'fonts')).sort()
  // The chosen subsets and the default weights, nothing else of the package.
  expect(files.map((file) => file.replace(/-[0-9a-f]{8}\.woff2$/, ''))).toEqual([
    'noto-sans-bengali-bengali-400-normal',
    'noto-sans-bengali-bengali-700-normal',
    'noto-sans-bengali-latin-400-normal',
    'noto-sans-bengali-latin-700-normal',
  ])
  for (const file of files) {
    const hash = createHash('sha256')
      .update(fs.readFileSync(path.join(outDir, 'assets', 'fonts', file)))
      .digest('hex')
    expect(file).toContain(`-${hash.slice(0, 8)}.woff2`)
  }
  const answer = await fetch(`${server.url}/`)
  const html = await answer.text()
  expectStrictPolicy(answer.headers.get('content-security-policy')!)
  expect(answer.headers.get('content-security-policy')).toContain("font-src 'self'")
  const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin \/>/g)].map(([, href]) => href)
  expect(preloads.map((href) => path.basename(href!).replace(/-[0-9a-f]{8}\.woff2$/, ''))).toEqual(['noto-sans-bengali-bengali-400-normal', 'noto-sans-bengali-bengali-700-normal'])
  const rules = [...html.matchAll(/@font-face\{([^}]*)\}/g)].map(([, rule]) => rule!)
  expect(rules).toHaveLength(4)
  for (const rule of rules) {
    expect(rule).toContain('font-family:"Noto Sans Bengali"')
    expect(rule).toContain('font-display:swap')
    expect(rule).toMatch(/unicode-range:U\+/)
  }
  expect(html).toContain('--mantine-font-family: "Noto Sans Bengali", Georgia, serif')
  for (const href of preloads) {
    const font = await fetch(server.url + href!)
    expect(font.status).toBe(200)
    expect(font.headers.get('content-type')).toBe('font/woff2')
    expect(font.headers.get('cache-control')).toContain('immutable')
  }
})

/** The home page's heading as Chromium draws it: its width and a screenshot. */
async function drawnHeading(page: import('@playwright/test').Page) {
  await page.goto(`${server.url}/`)
  const title = page.getByRole('heading', { level: 1, name: heading })
  await expect(title).toBeVisible()
  await page.evaluate(() => document.fonts.ready)
  const width = await title.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return range.getBoundingClientRect().width
  })
  return { width, screenshot: await title.screenshot() }
}

test('with no Bengali font on the machine, the heading is drawn in the site’s own font, and as boxes when that font is blocked', async ({ browser }) => {
  const blocked = await browser.newPage()
  await blocked.route('**/*.woff2', (route) => route.abort())
  const boxes = await drawnHeading(blocked)
  expect(await blocked.evaluate(() => document.fonts.check('16px "Noto Sans Bengali"', 'মিত্র'))).toBe(false)
  await blocked.close()

  const page = await browser.newPage()
  const violations = await recordViolations(page)
  const fontRequests: string[] = []
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(new URL(request.url()).pathname)
  })
  const shaped = await drawnHeading(page)
  expect(await page.evaluate(() => document.fonts.check('700 16px "Noto Sans Bengali"', 'মিত্র'))).toBe(true)
  expect(fontRequests.some((url) => /noto-sans-bengali-bengali-700-normal-[0-9a-f]{8}\.woff2$/.test(url))).toBe(true)
  expect(await violations()).toEqual([])
  // Boxes (one per code point, vowel signs and virama included) take far more room than the shaped
  // letters, whose signs join their consonants.
  expect(shaped.width).toBeLessThan(boxes.width * 0.8)
  expect(shaped.screenshot.equals(boxes.screenshot)).toBe(false)
  await page.close()
})
