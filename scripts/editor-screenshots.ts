/**
 * `npx tsx scripts/editor-screenshots.ts`: the pictures of the visual editor in docs/authoring.md, taken
 * in Debian's Chromium from a dev server of its own on a copy of site.config.json (the project's
 * file is not touched). Run it again after changing how the editor looks.
 */
import path from 'node:path'
import { chromium } from '@playwright/test'
import { startDevServer, temporaryConfigCopy } from './lib/dev-server-process.ts'
import { root } from './lib/paths.ts'
import { freePort } from './harness/site-server.ts'

const imagesDir = path.join(root, 'docs', 'images')
const config = temporaryConfigCopy()
const server = await startDevServer({ port: await freePort(), configFile: config.file })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  await page.goto(`${server.url}/_editor`)
  await page.getByRole('button', { name: 'New page' }).waitFor({ timeout: 60_000 })
  const shot = async (name: string) => {
    await page.waitForTimeout(1500) // the preview's fade-ins
    await page.screenshot({ path: path.join(imagesDir, name) })
    console.log(`docs/images/${name}`)
  }

  await page.getByRole('button', { name: 'New page' }).click()
  const dialog = page.getByRole('dialog', { name: 'New page' })
  await dialog.getByLabel('Path').fill('/security_solutions/zero_trust')
  await dialog.getByLabel('Title').fill('Zero Trust')
  await dialog.getByRole('combobox', { name: 'Menu' }).click()
  await page.getByRole('option', { name: 'Security Solutions' }).click()
  await shot('editor-new-page.png')

  await dialog.getByRole('button', { name: 'Create' }).click()
  await page
    .getByTestId('block-row')
    .filter({ hasText: '2. Card grid' })
    .getByRole('button', { name: /^2\. Card grid/ })
    .click()
  // The block's form opens below the page's settings and its blocks.
  await page.getByRole('region', { name: /^Block 2: Card grid/ }).evaluate((form) => form.scrollIntoView({ block: 'start' }))
  await shot('editor-block-form.png')

  const text = page.getByRole('group', { name: 'Card 1' }).getByRole('textbox', { name: 'Text' })
  await text.fill('')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('alert').filter({ hasText: 'Not saved' }).waitFor()
  await text.evaluate((input) => input.scrollIntoView({ block: 'center' }))
  await shot('editor-problem.png')

  await page.getByRole('button', { name: 'Undo' }).click()
  const pages = page.getByRole('navigation', { name: 'Pages' })
  await pages.getByRole('button', { name: /^Career/ }).click()
  const settings = page.getByRole('region', { name: 'Page settings' })
  await settings.getByRole('textbox', { name: 'Path' }).fill('/careers')
  await settings.getByRole('button', { name: 'Change address…' }).click()
  await shot('editor-address.png')
  await page.keyboard.press('Escape')

  await page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name: 'Pictures' }).click()
  await page.getByRole('region', { name: 'Pictures' }).getByRole('textbox', { name: 'Search pictures' }).fill('partners')
  await shot('editor-pictures.png')

  await page.getByRole('button', { name: 'Find & replace' }).click()
  const find = page.getByRole('region', { name: 'Find and replace' })
  await find.getByRole('textbox', { name: 'Find' }).fill('4000 1234')
  await find.getByRole('textbox', { name: 'Replace with' }).fill('4000 5555')
  await shot('editor-find.png')
  await find.getByRole('button', { name: 'Close find and replace' }).click()

  await page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name: 'Theme' }).click()
  await page.getByRole('region', { name: 'Theme' }).getByRole('textbox', { name: 'Primary color' }).fill('#5c7cfa')
  await page.getByRole('region', { name: 'Palette and contrast' }).evaluate((preview) => preview.scrollIntoView({ block: 'start' }))
  await shot('editor-theme.png')
} finally {
  await browser.close()
  await server.stop()
  config.remove()
}
