import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { expect as baseExpect, test } from '@playwright/test'
import sharp from 'sharp'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { editorSession, openEditor, preview, selectBlock } from './support/editor-session.ts'

// The dev server sends modules one by one and the first preview compiles the runtime: on a busy
// machine that takes seconds. How fast an edit shows is not timed here.
const expect = baseExpect.configure({ timeout: 15_000 })
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** The editor's Pictures screen and image fields, on a copy of the config and of public/ (uploads land in the copy). */
test.describe('visual editor: pictures', () => {
  const session = editorSession({ ownPublicDir: true })
  const emailSecurity = () => (JSON.parse(fs.readFileSync(session.config.file, 'utf8')) as SiteConfig).routes.find((route) => route.path === '/security_solutions/email_security')!

  test('uploads a logo with the Pictures screen’s button and picks it in a logo strip, at the strip’s height; a field’s own Upload… uploads and picks', async ({ page }) => {
    await openEditor(page, session.server.url, 'Email Security')
    await page.getByRole('button', { name: 'Pictures' }).click()
    const library = page.getByRole('region', { name: 'Pictures' })
    await library.getByRole('combobox', { name: 'Upload into' }).click()
    await page.getByRole('option', { name: 'images/partners/' }).click()
    const chooser = page.waitForEvent('filechooser')
    await library.getByRole('button', { name: 'Choose pictures to upload…' }).click()
    const logo = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#c2410c' } })
      .png()
      .toBuffer()
    await (await chooser).setFiles({ name: 'Acme Wide Logo.png', mimeType: 'image/png', buffer: logo })
    await expect(library.getByRole('list', { name: 'Upload results' })).toContainText('Uploaded as /images/partners/acme-wide-logo.png.')
    // Stored at twice the strip's 60 px height, for sharp screens: no larger.
    await expect(library.getByRole('listitem', { name: '/images/partners/acme-wide-logo.png' })).toContainText('360 × 120 px')
    expect(fs.existsSync(path.join(session.publicDir, 'images/partners/acme-wide-logo.png'))).toBe(true)
    await page.addScriptTag({ content: axeSource })
    // The preview is the site itself, checked by the site's own tests: only the editor is checked here.
    const violations = await page.evaluate(async () =>
      (await (window as unknown as { axe: typeof import('axe-core') }).axe.run({ exclude: [['iframe']] })).violations.map(
        (violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`,
      ),
    )
    expect(violations).toEqual([])

    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /^Email Security/ })
      .click()
    await selectBlock(page, '3. Logo strip')
    // A strip of six logos shows each as a line, opened one at a time.
    await page.getByRole('button', { name: /^Logo 1(?!\d)/ }).click()
    const firstLogo = page.getByRole('group', { name: 'Logo 1' })
    await firstLogo.getByRole('combobox', { name: /^Src/ }).fill('acme')
    await page.getByRole('option', { name: '/images/partners/acme-wide-logo.png' }).click()
    await expect(firstLogo.getByRole('textbox', { name: /^Width/ })).toHaveValue('180')
    await expect(firstLogo.getByRole('textbox', { name: /^Height/ })).toHaveValue('60')
    // Shown from the editor's library, as every picture in the preview is.
    await expect(preview(page).locator('img[src="/_editor/pictures/partners/acme-wide-logo.png"]').first()).toBeAttached()

    // The field's own Upload…: into the folder of the logo it shows, then picked at once.
    await page.getByRole('button', { name: /^Logo 2(?!\d)/ }).click()
    const secondLogo = page.getByRole('group', { name: 'Logo 2' })
    await secondLogo.getByRole('button', { name: 'Upload…' }).click()
    const fieldChooser = page.waitForEvent('filechooser')
    await page.getByRole('menuitem', { name: 'images/partners/' }).click()
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 50" onload="alert(1)"><rect width="200" height="50" fill="#0f766e"/></svg>'
    await (await fieldChooser).setFiles({ name: 'Teal Vendor.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) })
    await expect(secondLogo.getByRole('combobox', { name: /^Src/ })).toHaveValue('/images/partners/teal-vendor.svg')
    await expect(secondLogo.getByRole('textbox', { name: /^Width/ })).toHaveValue('240')
    await expect(secondLogo.getByRole('status')).toContainText('Taken out of the SVG before it was stored: the onload attribute')

    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/^Saved /)).toBeVisible()
    const strip = emailSecurity().blocks[2]
    expect(strip?.type === 'logoStrip' && strip.logos.slice(0, 2)).toMatchObject([
      { src: '/images/partners/acme-wide-logo.png', width: 180, height: 60 },
      { src: '/images/partners/teal-vendor.svg', width: 240, height: 60 },
    ])
  })
})
