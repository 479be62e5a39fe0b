import { expect, test } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { shadesOf } from '../../site/theme-colors.ts'
import { root } from '../../scripts/lib/paths.ts'
import { siteConfig, siteRoutes } from './support/site-routes'

/*
 * One theme re-brands the site: a copy of the config with another primaryColor, built into a
 * temporary folder, shows that colour on the buttons, links, gradients and header of every page.
 * The prerendered HTML carries all of it (inlined CSS), so the pages are read with scripts off.
 */
const rebrand = '#9c1c5a'
const shades = shadesOf(rebrand)
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`
let outDir = ''

test.describe.configure({ mode: 'serial', timeout: 180_000 })
test.use({ javaScriptEnabled: false })

test.beforeAll(() => {
  // A whole build of the site: seconds on a quiet machine, far more beside other work.
  test.setTimeout(180_000)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-rebrand-'))
  const config = { ...siteConfig, site: { ...siteConfig.site, theme: { ...siteConfig.site.theme!, primaryColor: rebrand } } }
  fs.writeFileSync(path.join(dir, 'site.config.json'), JSON.stringify(config))
  outDir = path.join(dir, 'dist')
  execFileSync('npx', ['tsx', 'scripts/build.ts'], { cwd: root, env: { ...process.env, SITE_CONFIG: path.join(dir, 'site.config.json'), SITE_OUT_DIR: outDir }, stdio: 'pipe' })
})

test.afterAll(() => fs.rmSync(path.dirname(outDir), { recursive: true, force: true }))

test('every page takes the new primary colour: Mantine primary variable, header, buttons and gradients', async ({ page }) => {
  for (const route of siteRoutes) {
    await page.goto(pathToFileURL(path.join(outDir, route.path, 'index.html')).href)
    const header = await page
      .locator('header')
      .first()
      .evaluate((element) => getComputedStyle(element, '::before').backgroundImage)
    expect(header, `${route.path}: header gradient`).toContain(rgb(shades[9]))
    const filled = await page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--mantine-primary-color-filled').trim())
    expect(await page.evaluate((value) => ((document.body.style.color = value), getComputedStyle(document.body).color), filled), `${route.path}: primary colour`).toBe(rgb(rebrand))
    // A page's light primary buttons and its first hero or band gradient, where it has them.
    const lightButton = page.locator('[data-tone="light"] [data-primary]').first()
    if (await lightButton.count()) expect(await lightButton.evaluate((element) => getComputedStyle(element).backgroundColor), `${route.path}: button`).toBe(rgb(rebrand))
    // Page heroes and call-to-action bands in their default (brand) background.
    if (!route.blocks.some((block) => (block.type === 'pageHero' || block.type === 'ctaBand') && !('background' in block && block.background))) continue
    const gradients = await page.locator('main section').evaluateAll((sections) => sections.map((section) => getComputedStyle(section).backgroundImage).join(' '))
    expect(gradients, `${route.path}: a gradient in the new colours`).toMatch(new RegExp(`${rgb(shades[9]).replace(/[()]/g, '\\$&')}|${rgb(shades[8]).replace(/[()]/g, '\\$&')}`))
  }
})
