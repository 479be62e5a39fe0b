import fs from 'node:fs'
import { expect as baseExpect, test, type Locator } from '@playwright/test'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { changedLines, editorSession, openEditor, openNewPageDialog, preview, selectBlock } from './support/editor-session.ts'

/** `text` with one exact passage replaced, which must be there. */
function replaced(text: string, passage: string, by: string) {
  baseExpect(text, `the config has ${JSON.stringify(passage)}`).toContain(passage)
  return text.replace(passage, by)
}

// The dev server sends modules one by one and the first preview compiles the runtime: on a busy
// machine that takes seconds. How fast an edit shows is not timed here.
const expect = baseExpect.configure({ timeout: 15_000 })

/** The visual editor (`npm run dev` at /_editor) driven as an author would, on a copy of the config. */
test.describe('visual editor', () => {
  const session = editorSession()
  const read = () => fs.readFileSync(session.config.file, 'utf8')
  const routeOf = (text: string, path: string) => (JSON.parse(text) as SiteConfig).routes.find((route) => route.path === path)!

  test('creates a service page in a menu, refusing a taken address with new-page’s words', async ({ page }) => {
    const dialog = await openNewPageDialog(page, session.server.url)
    await dialog.getByLabel('Path').fill('/about')
    await dialog.getByLabel('Title').fill('About again')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect(dialog.getByText('/about already exists: it is the page /about ("About Us"). Choose another --path, or edit that page instead.')).toBeVisible()

    await dialog.getByLabel('Path').fill('/security_solutions/zero_trust')
    await dialog.getByLabel('Title').fill('Zero Trust')
    await dialog.getByRole('combobox', { name: 'Menu' }).click()
    await page.getByRole('option', { name: 'Security Solutions' }).click()
    // The partner strip shows only the vendors chosen (as `new-page --partners` does).
    const partnerLogos = dialog.getByLabel('Partner logos')
    for (const vendor of ['Palo Alto Networks', 'Fortinet']) {
      await partnerLogos.fill(vendor)
      await page.getByRole('option', { name: vendor, exact: true }).click()
    }
    await dialog.getByLabel('Title').click() // leaves the list, which closes its dropdown
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('block-row')).toHaveCount(4)
    await expect(preview(page).getByRole('heading', { name: 'What Zero Trust includes' })).toBeVisible()

    // The page's texts to write are the problems listed: each leads to its field.
    const problems = page.getByRole('status').filter({ hasText: 'to fix before saving' })
    await expect(problems).toContainText('4 problems to fix before saving')
    for (const [index, text] of ['Zero Trust: what it is and who it is for.', 'Verify every request.', 'Least privilege.', 'Watch continuously.'].entries()) {
      await expect(problems).toContainText(new RegExp(`^${4 - index} problems? to fix`))
      await problems.getByRole('button').first().click()
      await page.keyboard.type(text)
      await expect(page.locator(`:focus`)).toHaveValue(text)
    }
    await expect(problems).toHaveCount(0)

    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/^Saved /)).toBeVisible()
    const after = read()
    const created = routeOf(after, '/security_solutions/zero_trust')
    expect(created.blocks.map((block) => block.type)).toEqual(['pageHero', 'cardGrid', 'logoStrip', 'ctaBand'])
    const strip = created.blocks.find((block) => block.type === 'logoStrip')
    expect(strip && 'logos' in strip ? strip.logos.map((logo) => logo.src) : []).toEqual(['/images/partners/palo-alto-networks.svg', '/images/partners/fortinet.svg'])
    expect(after).toContain('"label": "Zero Trust",\n')
    // Only insertions: every line of the file before is still there, in order.
    const lines = after.split('\n')
    let at = 0
    for (const line of session.config.original.split('\n')) at = lines.indexOf(line, at) + 1 || -1
    expect(at).toBeGreaterThan(0)
  })

  test('adds and fills a card grid, picking an icon and a link; the save adds just its lines', async ({ page }) => {
    await openEditor(page, session.server.url, 'About Us')
    const blocksBefore = routeOf(session.config.original, '/about').blocks.length
    await page.getByRole('button', { name: 'Add block' }).click()
    await page
      .getByRole('dialog', { name: 'Add a block' })
      .getByRole('button', { name: /^Card grid/ })
      .click()
    const form = page.getByRole('region', { name: new RegExp(`^Block ${blocksBefore + 1}: Card grid`) })
    await form.getByRole('textbox', { name: 'Heading' }).fill('Our Managed Services')
    await expect(preview(page).getByRole('heading', { name: 'Our Managed Services' })).toBeVisible()

    const firstCard = form.getByRole('group', { name: 'Card 1' })
    await firstCard.getByRole('textbox', { name: 'Title', exact: true }).fill('Rapid Response')
    await firstCard.getByRole('combobox', { name: 'Icon' }).click()
    await page.getByRole('option', { name: 'rocket' }).click()
    await firstCard.getByRole('combobox', { name: 'To' }).fill('/cont')
    await page.getByRole('option', { name: '/contact', exact: true }).click()
    await form.getByRole('button', { name: 'Remove Card 3' }).click()

    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/^Saved /)).toBeVisible()
    const grid = routeOf(read(), '/about').blocks.at(-1) as unknown as { heading: string; cards: { icon: string; title: string; link: { to: string } }[] }
    expect(grid.heading).toBe('Our Managed Services')
    expect(grid.cards).toHaveLength(2)
    expect(grid.cards[0]).toMatchObject({ icon: 'rocket', title: 'Rapid Response', link: { to: '/contact' } })
    // Nothing but new lines: the block before it gains a comma, and the new block follows.
    const { removed, added } = changedLines(session.config.original, read())
    expect(removed).toEqual([])
    expect(added[0]).toBe('        },')
    expect(added[1]).toBe('        {')
  })

  test('edits a page’s settings, the company, the menu and a page’s address with its links; the save changes just those lines', async ({ page }) => {
    await openEditor(page, session.server.url, 'About Us')
    const settings = page.getByRole('region', { name: 'Page settings' })
    await settings.getByRole('textbox', { name: 'Title' }).fill('About Eastbridge')
    await settings.getByRole('textbox', { name: 'Description' }).fill('Our story since 2016 and why organisations trust us.')
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: /^About Eastbridge/ })).toBeVisible()

    const site = page.getByRole('navigation', { name: 'Site' })
    await site.getByRole('button', { name: 'Company' }).click()
    await page.getByRole('region', { name: 'Company' }).getByRole('textbox', { name: 'Phone', exact: true }).first().fill('+91 33 4000 5555')
    await expect(preview(page).getByRole('contentinfo').getByText('+91 33 4000 5555')).toBeVisible()

    await site.getByRole('button', { name: 'Header menu' }).click()
    // The menu's entry Career, opened from its line in the menu's tree.
    await page
      .getByRole('tree', { name: 'Header menu' })
      .getByRole('button', { name: /^Career/ })
      .click()
    const career = page.getByRole('group', { name: 'Edit Career' })
    await expect(career.getByRole('textbox', { name: 'Label', exact: true })).toHaveValue('Career')
    await career.getByRole('textbox', { name: 'Label', exact: true }).fill('Careers')

    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /^Careers/ })
      .click()
    await settings.getByRole('textbox', { name: 'Path' }).fill('/careers')
    await settings.getByRole('button', { name: 'Change address…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Change the page’s address' })
    await expect(dialog.getByRole('list', { name: 'Links to /career' })).toHaveText('Header menu › Careers')
    await dialog.getByRole('button', { name: 'Change address' }).click()
    await expect(settings.getByRole('textbox', { name: 'Path' })).toHaveValue('/careers')

    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/^Saved /)).toBeVisible()
    let expected = session.config.original
    expected = replaced(expected, '"transparentHeader": true\n      },\n      "title": "About Us",', '"transparentHeader": true\n      },\n      "title": "About Eastbridge",')
    expected = replaced(
      expected,
      '"description": "Our story since 2016, our values and why organisations across India trust Eastbridge Cyber Systems.",',
      '"description": "Our story since 2016 and why organisations trust us.",',
    )
    expected = replaced(expected, '    "phone": "+91 33 4000 1234",\n    "email": "info@example.com",', '    "phone": "+91 33 4000 5555",\n    "email": "info@example.com",')
    expected = replaced(expected, '"label": "Career",\n        "to": "/career"\n', '"label": "Careers",\n        "to": "/careers"\n')
    expected = replaced(expected, '      "path": "/career",\n', '      "path": "/careers",\n      "aliases": [\n        "/career"\n      ],\n')
    expect(read()).toBe(expected)
  })

  test('offers unsaved edits back after a reload, and takes a problem clicked to its field', async ({ page }) => {
    await openEditor(page, session.server.url, 'About Us')
    await selectBlock(page, '8. Cta band')
    await page.getByRole('group', { name: 'Action 1' }).getByRole('combobox', { name: 'To' }).fill('contact')
    await page.keyboard.press('Escape')
    const problem = page.getByRole('button', { name: /^About Us › 8\. Cta band › Action 1 › To: / })
    await expect(problem).toBeVisible()

    // Leaving with unsaved edits asks first (the browser's own question), and keeps them.
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.accept().then(() => resolve(dialog.type()))))
    await page.reload()
    expect(await asked).toBe('beforeunload')
    await page.getByRole('dialog', { name: 'Unsaved edits from before' }).getByRole('button', { name: 'Restore the edits' }).click()

    // The editor opens on the first page; the problem's page and block open when it is clicked.
    await problem.click()
    const to = page.getByRole('group', { name: 'Action 1' }).getByRole('combobox', { name: 'To' })
    await expect(to).toBeFocused()
    await expect(to).toHaveValue('contact')
    expect(read()).toBe(session.config.original)
  })

  test('reorders blocks with the keyboard buttons and by dragging; the save moves just those lines', async ({ page }) => {
    await openEditor(page, session.server.url, 'About Us')
    const rows = page.getByTestId('block-row')
    await page.getByRole('button', { name: 'Move 2. Text section down' }).click()
    await expect(rows.nth(1)).toContainText('Stats')
    await expect(rows.nth(2)).toContainText('Text section')

    // Drag the first block (the hero) below the second by its handle.
    const handle = page.getByRole('button', { name: 'Drag 1. Page hero to reorder' })
    const from = (await handle.boundingBox())!
    const to = (await rows.nth(1).boundingBox())!
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(from.x + from.width / 2, to.y + to.height * 0.9, { steps: 12 })
    await page.mouse.up()
    await expect(rows.nth(0)).toContainText('Stats')
    await expect(rows.nth(1)).toContainText('Page hero')

    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/^Saved /)).toBeVisible()
    const original = routeOf(session.config.original, '/about').blocks
    expect(routeOf(read(), '/about').blocks).toEqual([original[2], original[0], original[1], ...original.slice(3)])
    const { removed, added } = changedLines(session.config.original, read())
    expect(added.toSorted()).toEqual(removed.toSorted())
  })

  test('a click on a text in the preview opens its block at that field and follows no link; the preview shows a phone or a desktop screen, with the site’s footer and the theme being edited', async ({
    page,
  }) => {
    await openEditor(page, session.server.url, 'About Us')
    const frame = preview(page)
    const blockForm = page.getByRole('region', { name: /^Block 4: Card grid/ })
    await frame.getByRole('heading', { name: 'Mission & Vision' }).click()
    await expect(page.getByRole('button', { name: /^4\. Card grid/ })).toHaveAttribute('aria-pressed', 'true')
    await expect(blockForm.getByRole('textbox', { name: 'Heading' })).toBeFocused()
    // A card's title is the card's own field, not the block's.
    await frame.getByRole('heading', { name: 'Our Mission' }).click()
    await expect(blockForm.getByRole('group', { name: 'Card 1' }).getByRole('textbox', { name: 'Title', exact: true })).toBeFocused()

    // A link is a text to edit here, not a way to another page.
    const cta = routeOf(session.config.original, '/about').blocks.at(-1) as unknown as { actions: { label: string }[] }
    await frame.getByRole('link', { name: cta.actions[0]!.label }).click()
    await expect(page.getByRole('button', { name: /^8\. Cta band/ })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('group', { name: 'Action 1' }).getByRole('textbox', { name: 'Label' })).toBeFocused()

    // The header's menu as each screen shows it: the desktop menu only on a desktop's width.
    const desktopMenu = frame.getByRole('navigation', { name: 'Main' })
    const menuButton = frame.getByRole('button', { name: 'Open menu' })
    await expect(desktopMenu).toBeVisible()
    const widths = page.getByRole('radiogroup', { name: 'Preview width' })
    await widths.getByText('Phone').click()
    await expect(menuButton).toBeVisible()
    await expect(desktopMenu).toBeHidden()
    await widths.getByText('Desktop').click()
    await expect(desktopMenu).toBeVisible()
    await expect(menuButton).toBeHidden()
    await expect(frame.getByRole('heading', { name: 'Mission & Vision' }), 'still About Us, after the link was clicked').toBeVisible()

    // The footer is the site's own: its navy band, as the built page has it (the server of the browser tests).
    const footerBackground = (footer: Locator) => footer.evaluate((element) => getComputedStyle(element).backgroundColor)
    const site = await page.context().newPage()
    await site.goto('/about')
    expect(await footerBackground(frame.locator('footer'))).toBe(await footerBackground(site.locator('footer')))

    // A colour picked on the Theme screen shows on the page at once, before any save.
    await page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name: 'Theme' }).click()
    await page.getByRole('region', { name: 'Theme' }).getByRole('textbox', { name: 'Primary color' }).fill('#7c2d12')
    const brandColour = () => frame.locator('body').evaluate((body) => getComputedStyle(body).getPropertyValue('--mantine-color-brand-6').trim())
    await expect.poll(brandColour).toBe('#7c2d12')
    expect(read()).toBe(session.config.original)
  })
})
