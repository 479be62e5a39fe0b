import fs from 'node:fs'
import { createRequire } from 'node:module'
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { editorSession, openEditor, preview, selectBlock } from './support/editor-session.ts'

// The dev server sends modules one by one and the first preview compiles the runtime: on a busy
// machine that takes seconds. How fast an edit shows is not timed here.
const expect = baseExpect.configure({ timeout: 15_000 })

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type Entry = { label: string; to?: string; items?: Entry[] }

const countEntries = (entries: Entry[]): number => entries.reduce((count, entry) => count + 1 + countEntries(entry.items ?? []), 0)

/** An entry's toggle in a tree (named by its line's words: its name, then where it leads). */
const toggle = (tree: Locator, name: string) => tree.getByRole('button', { name: new RegExp(`^${name}(\\s|/|$)`) })
/** An entry's line (its treeitem), by the name it shows. */
const line = (tree: Locator, name: string) => toggle(tree, name).locator('xpath=ancestor::li[@role="treeitem"][1]')
/** The name each top entry's line shows, in order. */
const topLines = (tree: Locator) => tree.locator(':scope > li').evaluateAll((items) => items.map((item) => item.querySelector(':scope > div [aria-expanded] p')?.textContent ?? ''))

/**
 * Drags a line by its handle onto a point of another line (its top edge: before it; lower on a
 * line holding entries: into it), as a person does: the drag starts, then the target is measured
 * and reached, so a line that moved meanwhile is still hit.
 */
async function dragOnto(page: Page, handle: Locator, target: Locator, y: number) {
  await handle.hover()
  await page.mouse.down()
  const start = (await handle.boundingBox())!
  await page.mouse.move(start.x + 2, start.y + 2, { steps: 2 })
  const box = (await target.boundingBox())!
  await page.mouse.move(box.x + 120, box.y + y, { steps: 5 })
  // One more step over the target: the drop takes the place the last dragover showed.
  await page.mouse.move(box.x + 121, box.y + y)
  await page.mouse.up()
}

async function openScreen(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name }).click()
  return page.getByRole('tree', { name })
}

/** The header menu, the footer and long lists as compact screens; each place of the editor at its own address. */
test.describe('visual editor: trees, folded lists and addresses', () => {
  const session = editorSession()
  const read = () => JSON.parse(fs.readFileSync(session.config.file, 'utf8')) as SiteConfig
  const shippedMenu = () => (JSON.parse(session.config.original) as SiteConfig).navigation.items as Entry[]

  test('the header menu is a tree a 900 px screen holds; an entry is moved by dragging and by the keyboard, and renamed; the save and the preview show it', async ({ page }) => {
    await openEditor(page, session.server.url)
    const tree = await openScreen(page, 'Header menu')
    await expect(tree.getByRole('treeitem')).toHaveCount(countEntries(shippedMenu()))
    // Every entry closed, the whole menu (29 entries) fits the screen the old 19,900 px form did not.
    const height = (await tree.boundingBox())!.height
    console.log(`header menu tree: ${Math.round(height)} px for ${await tree.getByRole('treeitem').count()} entries`)
    expect(height).toBeLessThan(900)

    // Dragged by its handle onto the top half of Get Quote's line: it goes before it.
    await dragOnto(page, tree.getByRole('button', { name: 'Drag Contact' }), line(tree, 'Get Quote').locator(':scope > div').first(), 2)
    await expect.poll(() => topLines(tree)).toEqual(['Home', 'About Us', 'Services', 'Resources', 'Contact', 'Get Quote', 'Career'])

    // From the keyboard: Career two places up, then under the dropdown above it.
    await line(tree, 'Career').focus()
    await page.keyboard.press('Alt+ArrowUp')
    await page.keyboard.press('Alt+ArrowUp')
    const said = page.getByRole('region', { name: 'Header menu' }).getByRole('status')
    await expect(said).toHaveText('Career moved at the top level: position 5 of 7.')
    await page.keyboard.press('Alt+ArrowRight')
    await expect(said).toHaveText('Career moved into Resources: position 4 of 4.')
    await expect.poll(() => topLines(tree)).toEqual(['Home', 'About Us', 'Services', 'Resources', 'Contact', 'Get Quote'])
    // A sub-menu cannot be a top entry: refused, in words, and nothing moves.
    await line(tree, 'Security Solutions').focus()
    await page.keyboard.press('Alt+ArrowLeft')
    await expect(said).toHaveText('Security Solutions cannot go to the top level: a sub menu does not fit there.')

    // An entry opens (Enter on its line) to its own fields.
    await line(tree, 'About Us').focus()
    await page.keyboard.press('Enter')
    const aboutForm = page.getByRole('group', { name: 'Edit About Us' })
    await aboutForm.getByRole('textbox', { name: 'Label', exact: true }).fill('About')
    // Renamed, it stays open under its new name.
    await expect(page.getByRole('group', { name: 'Edit About', exact: true })).toBeVisible()
    // The tree, an entry open, as assistive technology meets it (the preview is the site's own tests').
    await page.addScriptTag({ content: axeSource })
    const violations = await page.evaluate(async () =>
      (await (window as unknown as { axe: typeof import('axe-core') }).axe.run({ exclude: [['iframe']] })).violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3)}`,
      ),
    )
    expect(violations).toEqual([])

    const desktopMenu = preview(page).getByRole('navigation', { name: 'Main' })
    await expect
      .poll(() => desktopMenu.locator(':scope > *').evaluateAll((items) => items.map((item) => (item as HTMLElement).innerText.split('\n')[0]!.trim())))
      .toEqual(['Home', 'About', 'Services', 'Resources', 'Contact', 'Get Quote'])

    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/^Saved /)).toBeVisible()
    const [home, about, services, resources, getQuote, contact, career] = shippedMenu()
    expect(read().navigation.items).toEqual([home, { ...about, label: 'About' }, services, { ...resources, items: [...resources!.items!, career] }, contact, getQuote])
    // Nothing else of the file changed.
    expect({ ...read(), navigation: undefined }).toEqual({ ...(JSON.parse(session.config.original) as SiteConfig), navigation: undefined })
  })

  test('the footer’s columns are a tree: a link added, a column added, the link dragged into it, an empty link removed', async ({ page }) => {
    await openEditor(page, session.server.url)
    const tree = await openScreen(page, 'Footer')
    const column = (JSON.parse(session.config.original) as SiteConfig).footer.columns![0]!
    await expect(tree.getByRole('treeitem')).toHaveCount(1 + column.links.length)
    await toggle(tree, column.title).click()
    await page.getByRole('button', { name: `Add link to ${column.title}` }).click()
    const added = page.getByRole('group', { name: `Edit Link ${column.links.length + 1}` })
    await added.getByRole('combobox', { name: 'To' }).fill('/career')
    await added.getByRole('textbox', { name: 'Label', exact: true }).fill('Careers')

    // A new column starts with an empty link, as a column needs one.
    await page.getByRole('button', { name: 'Add column' }).click()
    await page.getByRole('group', { name: 'Edit Column 2' }).getByRole('textbox', { name: 'Title', exact: true }).fill('Company')
    // The checker's answer about the new column moves the screen (the problem list on top): the drag waits for it.
    await expect(page.getByRole('group', { name: 'Edit Company' }).getByRole('textbox', { name: 'Title', exact: true })).not.toHaveAttribute('aria-invalid', 'true')
    await expect(toggle(tree, 'Link 1')).toHaveAttribute('aria-describedby', /.+/)
    await dragOnto(page, tree.getByRole('button', { name: 'Drag Careers' }), line(tree, 'Company').locator(':scope > div').first(), 18)
    await expect(line(tree, 'Company').getByRole('treeitem')).toHaveCount(2)
    await toggle(tree, 'Link 1').click()
    await page.getByRole('button', { name: 'Remove Link 1' }).click()

    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/^Saved /)).toBeVisible()
    expect(read().footer.columns).toEqual([column, { title: 'Company', links: [{ label: 'Careers', to: '/career' }] }])
  })

  test('a long list folds: 49 logos are a line each, one opens at a time, a folded logo shows its problem, and a problem or a click in the preview opens its item', async ({
    page,
  }) => {
    await openEditor(page, session.server.url)
    await selectBlock(page, '5. Logo strip')
    const form = page.getByRole('region', { name: /^Block 5: Logo strip/ })
    const logoLine = (n: number) => form.getByRole('button', { name: new RegExp(`^Logo ${n}(?!\\d)`) })
    await expect(form.getByRole('button', { name: /^Logo \d+/, expanded: false })).toHaveCount(49)
    await expect(form.getByRole('textbox', { name: /^Alt/ })).toHaveCount(0)

    await logoLine(4).click()
    await expect(form.getByRole('textbox', { name: /^Alt/ })).toHaveCount(1)
    // A logo's width is required: emptied, it is a problem.
    await form.getByRole('textbox', { name: /^Width/ }).fill('')
    await logoLine(5).click()
    await expect(logoLine(4)).toHaveAttribute('aria-expanded', 'false')
    // The checker's problem, on the folded logo's line.
    await expect(logoLine(4)).toHaveAttribute('aria-describedby', /.+/)
    const problemWords = page.locator(`[id="${await logoLine(4).getAttribute('aria-describedby')}"]`)
    await expect(problemWords).not.toBeEmpty()
    // The problem list takes the author to the field: the logo opens.
    await page.getByRole('button', { name: /› Logo 4(?!\d)/ }).click()
    await expect(logoLine(4)).toHaveAttribute('aria-expanded', 'true')
    await expect(form.getByRole('group', { name: 'Logo 4' }).locator(':focus')).toHaveCount(1)

    // A click on a folded card's title in the page on the right opens that card at its title. (The
    // grid's form is shown once first: its first showing on a busy dev server outlasts goToField's wait.)
    const cards = (JSON.parse(session.config.original) as SiteConfig).routes[0]!.blocks[1] as unknown as { cards: { title: string }[] }
    await selectBlock(page, '2. Card grid')
    const grid = page.getByRole('region', { name: /^Block 2: Card grid/ })
    await expect(grid.getByRole('button', { name: /^Card 5(?!\d)/ })).toHaveAttribute('aria-expanded', 'false')
    await preview(page).getByRole('heading', { name: cards.cards[4]!.title }).click()
    await expect(grid.getByRole('button', { name: /^Card 5(?!\d)/ })).toHaveAttribute('aria-expanded', 'true')
    await expect(grid.getByRole('group', { name: 'Card 5' }).getByRole('textbox', { name: 'Title', exact: true })).toBeFocused()
  })

  test('a page with its open block and a screen each have an address: a reload, Back and Forward and another tab open the same place', async ({ page, context }) => {
    await openEditor(page, session.server.url, 'About Us')
    await selectBlock(page, '4. Card grid')
    await expect(page).toHaveURL(`${session.server.url}/_editor/page/about?block=4`)
    const blockOpen = page.getByRole('button', { name: /^4\. Card grid/ })
    await page.reload()
    await expect(blockOpen).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('region', { name: /^Block 4: Card grid/ })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: /^About Us/ })).toHaveAttribute('aria-current', 'page')

    await openScreen(page, 'Header menu')
    await expect(page).toHaveURL(`${session.server.url}/_editor/screen/menu`)
    await page.reload()
    await expect(page.getByRole('tree', { name: 'Header menu' })).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(`${session.server.url}/_editor/page/about?block=4`)
    await expect(blockOpen).toHaveAttribute('aria-pressed', 'true')
    await page.goForward()
    await expect(page.getByRole('tree', { name: 'Header menu' })).toBeVisible()

    // The address sent to another editor opens the same page and block there.
    const other = await context.newPage()
    await other.goto(`${session.server.url}/_editor/page/about?block=4`)
    await expect(other.getByRole('region', { name: /^Block 4: Card grid/ })).toBeVisible({ timeout: 60_000 })
  })
})
