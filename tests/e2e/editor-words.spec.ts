import fs from 'node:fs'
import { createRequire } from 'node:module'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { changedLines, editorSession, openEditor, openNewPageDialog, preview, selectBlock } from './support/editor-session.ts'

const expect = baseExpect.configure({ timeout: 15_000 })
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Every block type's name as the schemas spell it: words for developers, which an editor's screen never shows. */
const blockTypeNames = fs
  .readdirSync('schemas/blocks')
  .map((file) => file.replace('.schema.json', ''))
  .filter((type) => /[A-Z]/.test(type))

/** The editor's own words on the screen now: everything but the preview, which is the site itself. */
const editorText = (page: Page) => page.locator('body').innerText()

/** What an editor must not see outside the details for developers: the config file's name, a line:column, a block type's name. */
function developerWordsIn(text: string): string[] {
  const typeName = new RegExp(`\\b(${blockTypeNames.join('|')})\\b`, 'g')
  return [...(text.match(/site\.config\.json|\S+:\d+:\d+/g) ?? []), ...(text.match(typeName) ?? [])]
}

const problemList = (page: Page) => page.getByRole('status').filter({ hasText: 'to fix before saving' })

/** Words for editors, find and replace, and a new page as people make one: the visual editor on a copy of the config. */
test.describe('visual editor: words for editors, find and replace, new pages', () => {
  const session = editorSession()
  const read = () => fs.readFileSync(session.config.file, 'utf8')
  const shipped = () => JSON.parse(session.config.original) as SiteConfig
  const company = (page: Page) => page.getByRole('region', { name: 'Company' })

  test('shows no file name, line, column or block type name outside the details for developers', async ({ page }) => {
    await openEditor(page, session.server.url)
    await expect(page.getByRole('banner')).toContainText(`Site editor · ${shipped().site.name}`)
    await selectBlock(page, '1. Hero carousel')
    await expect(page.getByRole('region', { name: /^Block 1: Hero carousel/ })).toBeVisible()

    // A mistake, for the problem list to show.
    await page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name: 'Company' }).click()
    await company(page).getByRole('textbox', { name: 'Email', exact: true }).first().fill('info@')
    await expect(problemList(page)).toContainText('Company › Email')
    expect(developerWordsIn(await editorText(page))).toEqual([])

    // The Words screen names the blocks whose words it holds as people say them.
    await page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name: 'Words' }).click()
    await expect(page.getByRole('region', { name: 'Words' })).toContainText('The hero carousel block')
    expect(developerWordsIn(await editorText(page))).toEqual([])

    // A developer can still see where the file has it.
    await problemList(page).getByRole('switch', { name: 'Details for developers' }).check({ force: true })
    await expect(problemList(page)).toContainText(/site\.config\.json:\d+:\d+/)
  })

  test('does not offer the settings only a developer changes, and keeps them in the file through a save', async ({ page }) => {
    await openEditor(page, session.server.url)
    await page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name: 'Company' }).click()
    await expect(company(page).getByRole('textbox', { name: /^Name/ }).first()).toBeVisible()
    for (const name of [/^Api key/, /^Business type/]) await expect(company(page).getByRole('textbox', { name })).toHaveCount(0)
    // The site's own address: the only Url left on the screen are the offices' maps, the social profiles and the chat.
    await expect(page.locator(`[data-field-path='["site","url"]'] input`)).toHaveCount(0)
    await company(page).getByRole('textbox', { name: 'Phone', exact: true }).first().fill('+91 33 4000 5555')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/^Saved /)).toBeVisible()
    expect(developerWordsIn(await editorText(page))).toEqual([])
    expect(changedLines(session.config.original, read())).toEqual({
      removed: [`    "phone": "${shipped().site.phone}",`],
      added: ['    "phone": "+91 33 4000 5555",'],
    })
  })

  test('a new logo shows no problem until one of its fields is left, and all of them on Save', async ({ page }) => {
    const pageIndex = shipped().routes.findIndex((route) => route.title === 'Endpoint Security')
    const strip = shipped().routes[pageIndex]!.blocks.findIndex((block) => block.type === 'logoStrip')
    const logos = (shipped().routes[pageIndex]!.blocks[strip] as { logos: unknown[] }).logos.length
    await openEditor(page, session.server.url, 'Endpoint Security')
    await selectBlock(page, `${strip + 1}. Logo strip`)
    await page.getByRole('button', { name: 'Add logo' }).click()
    const added = page.getByRole('group', { name: `Logo ${logos + 1}`, exact: true }).last()
    await expect(added.getByRole('textbox', { name: /^Alt/ })).toHaveValue('')
    // The checker has looked at the new logo (the bar no longer says it is checking), and nothing is red.
    await expect(page.getByText('Unsaved changes')).toBeVisible()
    await expect(added.getByRole('alert')).toHaveCount(0)
    await expect(added.locator('[aria-invalid="true"]')).toHaveCount(0)
    await expect(problemList(page)).toHaveCount(0)

    // Leaving a field of it: its problems show.
    await added.getByRole('textbox', { name: /^Alt/ }).click()
    await page.keyboard.press('Tab')
    await expect(added.getByText('This image is missing "width" and "height" (required).')).toBeVisible()
    await expect(problemList(page)).toContainText(`Endpoint Security › ${strip + 1}. Logo strip › Logo ${logos + 1}`)

    // Another new one stays quiet, until Save shows every problem.
    await page.getByRole('button', { name: 'Add logo' }).click()
    const second = page.getByRole('group', { name: `Logo ${logos + 2}`, exact: true }).last()
    await expect(page.getByText('2 problems')).toBeVisible()
    await expect(second.locator('[aria-invalid="true"]')).toHaveCount(0)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toBeVisible()
    await expect(second.locator('[aria-invalid="true"]').first()).toBeVisible()
    expect(read()).toBe(session.config.original)
  })

  test('the Not saved notice goes once the problem it names is fixed', async ({ page }) => {
    await openEditor(page, session.server.url)
    await page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name: 'Company' }).click()
    const email = company(page).getByRole('textbox', { name: 'Email', exact: true }).first()
    await email.fill('info@')
    await page.getByRole('button', { name: 'Save' }).click()
    const refusal = page.getByRole('alert').filter({ hasText: 'Not saved' })
    await expect(refusal).toBeVisible()
    await email.fill(shipped().site.email)
    await expect(page.getByText('Unsaved changes')).toBeVisible()
    await expect(refusal).toHaveCount(0)
    await expect(problemList(page)).toHaveCount(0)
  })

  test('finds the phone number in three places, goes to each, replaces all at once, and one undo takes it all back', async ({ page }) => {
    const phone = shipped().site.phone
    const newPhone = '+91 33 4000 7777'
    await openEditor(page, session.server.url, 'About Us')
    // The shortcut works from inside a field too.
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('textbox', { name: 'Search pages' }).click()
    await page.keyboard.press('Control+Shift+F')
    const panel = page.getByRole('region', { name: 'Find and replace' })
    await expect(panel.getByRole('textbox', { name: 'Find' })).toBeFocused()
    await page.keyboard.type(phone.toLowerCase())
    await expect(panel).toContainText('3 matches in 3 places')
    const matches = panel.getByRole('list', { name: 'Matches' }).getByRole('listitem')
    await expect(matches).toHaveText([/^Company › Phone\+91/, /^Company › Office 1 › Phone\+91/, /^Contact Us › 1\. Page hero › Action 2 › LabelCall \+91/])
    await expect(matches.nth(2).locator('mark')).toHaveText(phone)

    // A place leads to its field, on its page, in its block.
    await matches.nth(2).getByRole('button').first().click()
    await expect(
      page
        .getByRole('region', { name: /^Block 1: Page hero/ })
        .getByRole('group', { name: 'Action 2' })
        .getByRole('textbox', { name: 'Label' }),
    ).toBeFocused()

    await page.addScriptTag({ content: axeSource })
    const violations = await page.evaluate(async () =>
      (await (window as unknown as { axe: typeof import('axe-core') }).axe.run({ include: [['section[aria-label="Find and replace"]']] })).violations.map(
        (violation) => violation.id,
      ),
    )
    expect(violations).toEqual([])

    await panel.getByRole('textbox', { name: 'Replace with' }).fill(newPhone)
    await panel.getByRole('button', { name: 'Replace all' }).click()
    await expect(panel).toContainText('Replaced 3 matches. Undo takes them all back.')
    await expect(
      page
        .getByRole('region', { name: /^Block 1: Page hero/ })
        .getByRole('group', { name: 'Action 2' })
        .getByRole('textbox', { name: 'Label' }),
    ).toHaveValue(`Call ${newPhone}`)
    await expect(preview(page).getByText(`Call ${newPhone}`)).toBeVisible()

    // One undo: all three back.
    await page.keyboard.press('Control+z')
    await expect(panel).toContainText('3 matches in 3 places')
    await expect(preview(page).getByText(`Call ${phone}`)).toBeVisible()
    await page.keyboard.press('Control+Shift+z')
    await expect(panel).toContainText('Replaced 3 matches')

    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/^Saved /)).toBeVisible()
    const { removed, added } = changedLines(session.config.original, read())
    expect(added.filter((line) => line.includes(newPhone))).toHaveLength(3)
    expect(removed.filter((line) => line.includes(phone))).toHaveLength(3)
    expect(read()).toBe(session.config.original.replaceAll(`33 4000 1234"`, `33 4000 7777"`))
  })

  test('replaces one match alone, and a search is taken as typed: no pattern, no markup', async ({ page }) => {
    await openEditor(page, session.server.url)
    await page.getByRole('button', { name: 'Find & replace' }).click()
    const panel = page.getByRole('region', { name: 'Find and replace' })
    await panel.getByRole('textbox', { name: 'Find' }).fill('.*')
    await expect(panel).toContainText('No match.')
    await panel.getByRole('textbox', { name: 'Find' }).fill(shipped().site.phone)
    await panel.getByRole('textbox', { name: 'Replace with' }).fill('<b>$&</b>')
    await panel.getByRole('button', { name: 'Replace in Company › Office 1 › Phone' }).click()
    await expect(panel).toContainText('2 matches in 2 places')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/^Saved /)).toBeVisible()
    expect((JSON.parse(read()) as SiteConfig).site.offices[0]!.phone).toBe('<b>$&</b>')
    expect((JSON.parse(read()) as SiteConfig).site.phone).toBe(shipped().site.phone)
  })

  test('makes a new page with the three cards asked for, three in a row, and nothing made up to delete', async ({ page }) => {
    const dialog = await openNewPageDialog(page, session.server.url)
    await dialog.getByLabel('Path').fill('/security_solutions/zero_trust')
    await dialog.getByLabel('Title').fill('Zero Trust')
    await expect(dialog.getByRole('textbox', { name: 'Cards' })).toHaveValue('3')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('block-row')).toHaveText([/^1\. Page hero/, /^2\. Card grid/, /^3\. Cta band/])

    // The editor says what to write: the description and each card's text, where the screens show them.
    await expect(problemList(page)).toContainText('4 problems to fix before saving')
    for (const card of [1, 2, 3]) await expect(problemList(page)).toContainText(`Zero Trust › 2. Card grid › Card ${card} › Text`)
    expect(await editorText(page)).not.toMatch(/Describe|placeholder|First feature/)

    // Three cards side by side in the preview, as the grid's columns follow its cards.
    const cards = preview(page)
      .locator('section', { has: preview(page).getByRole('heading', { name: 'What Zero Trust includes' }) })
      .locator('ul > li')
    await expect(cards).toHaveCount(3)
    await expect
      .poll(async () => {
        const boxes = await Promise.all([0, 1, 2].map((index) => cards.nth(index).boundingBox()))
        return boxes.every((box) => box && Math.abs(box.y - boxes[0]!.y) < 1) && boxes[0]!.x < boxes[1]!.x && boxes[1]!.x < boxes[2]!.x
      })
      .toBe(true)
  })
})
