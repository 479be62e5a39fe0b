import { expect as baseExpect, request as requestContext, test, type Locator } from '@playwright/test'
import sharp from 'sharp'
import fs from 'node:fs'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { themePalettes } from '../../site/theme-palettes.ts'
import { recordViolations } from './support/csp-violations.ts'
import { preview, selectBlock } from './support/editor-session.ts'
import { cssAnimations } from './support/motion.ts'
import { productionEditorSession, signInToEditor } from './support/production-editor.ts'

// A production server starting, uploading and publishing on a busy machine: seconds. Nothing here is timed.
const expect = baseExpect.configure({ timeout: 20_000 })

const config = JSON.parse(fs.readFileSync(new URL('../../site.config.json', import.meta.url), 'utf8')) as SiteConfig
const tint = themePalettes(config.site.theme!).slate[1]
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`

/** Whether the picture has arrived: a picture that answered 404 has no width. */
const loaded = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)

/** The live editor (EDITOR=on, a real sign-in): a picture uploaded there is seen before Publish, by the editor only. */
test.describe('live editor: pictures before they are published', () => {
  const session = productionEditorSession()

  test('a logo uploaded for a tinted strip shows at once in its field on the tint and in the preview where it lands; a visitor gets it only once published', async ({ page }) => {
    const origin = session.server.url
    const visitor = await requestContext.newContext({ baseURL: origin })
    const src = '/images/partners/white-vendor.png'
    const violations = await recordViolations(page)
    await signInToEditor(page, origin)
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /^Email Security/ })
      .click()
    await selectBlock(page, '3. Logo strip')
    const form = page.getByRole('region', { name: /^Block 3: Logo strip/ })
    const logos = (config.routes.find((route) => route.path === '/security_solutions/email_security')!.blocks[2] as { logos: unknown[] }).logos
    await form.getByRole('button', { name: 'Add logo' }).click()
    const added = form.getByRole('group', { name: `Logo ${logos.length + 1}` })

    // The reported failure: a white logo, invisible on white.
    const whiteLogo = await sharp({ create: { width: 480, height: 160, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160"><rect x="40" y="40" width="400" height="80" fill="#fff"/></svg>') }])
      .png()
      .toBuffer()
    await added.getByRole('button', { name: 'Upload…' }).click()
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('menuitem', { name: 'images/partners/' }).click()
    await (await chooser).setFiles({ name: 'White Vendor.png', mimeType: 'image/png', buffer: whiteLogo })
    await expect(added.getByRole('combobox', { name: /^Src/ })).toHaveValue(src)
    await added.getByRole('textbox', { name: /^Alt/ }).fill('White Vendor')

    // In its field at once, on the strip's tint.
    const thumbnail = added.getByRole('img', { name: `Preview of ${src}` })
    await expect.poll(() => loaded(thumbnail)).toBe(true)
    await expect(thumbnail).toHaveCSS('background-color', rgb(tint))
    // In the preview at once, pointed out where it lands: after the strip's other logos.
    const shown = preview(page).locator('[data-editor-selected] img[src="/_editor/pictures/partners/white-vendor.png"]').first()
    await expect.poll(() => loaded(shown)).toBe(true)
    await expect(shown).toHaveAttribute('data-editor-field', '')
    await expect(shown).toBeInViewport()
    const order = await preview(page)
      .locator('[data-editor-selected] li:visible img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('alt')))
    expect(order.at(-1)).toBe('White Vendor')
    expect(order).toHaveLength(logos.length + 1)
    // The built preview holds still too: the strip runs no marquee.
    expect(await cssAnimations(preview(page).locator('[data-editor-selected] > *'))).toEqual([])
    // All of it within the editor's strict policy, in the editor and in its preview.
    expect(await violations()).toEqual([])
    const previewFrame = page.frames().find((frame) => frame.url().endsWith('/_editor/preview'))!
    expect(await previewFrame.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])

    // Not to anyone else: the site has no such picture yet, and the editor's address asks for a sign-in.
    expect((await visitor.get(src)).status()).toBe(404)
    const asked = await visitor.get('/_editor/pictures/partners/white-vendor.png', { maxRedirects: 0 })
    expect([asked.status(), asked.headers().location]).toEqual([303, `/_editor/sign-in?next=${encodeURIComponent('/_editor/pictures/partners/white-vendor.png')}`])
    // Nor, to the signed-in editor, anything outside the library, however the address is written.
    for (const hostile of [
      '/_editor/pictures/..%2F..%2F..%2Fpackage.json',
      '/_editor/pictures/partners/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/_editor/pictures/..%5C..%5Cpackage.json',
      '/_editor/pictures/partners/white-vendor.png%00.txt',
      '/_editor/pictures/partners/%3Cscript%3E.svg',
      '/_editor/pictures//etc/passwd',
    ])
      expect([hostile, (await page.request.get(`${origin}${hostile}`)).status()]).toEqual([hostile, 404])

    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect(page.getByText('Published: the site shows your changes now.')).toBeVisible({ timeout: 60_000 })
    const published = await visitor.get(src)
    expect([published.status(), published.headers()['content-type']]).toEqual([200, 'image/png'])
    expect(await visitor.get('/security_solutions/email_security').then((answer) => answer.text())).toContain(`src="${src}"`)
    await visitor.dispose()
  })
})
