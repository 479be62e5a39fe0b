import fs from 'node:fs'
import { createRequire } from 'node:module'
import { expect as baseExpect, test } from '@playwright/test'
import { replaceJsonValue, setJsonValue } from '../../authoring/config/config-edit.ts'
import { validateConfigText } from '../../authoring/check/index.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { editorSession, openEditor, preview, selectBlock } from './support/editor-session.ts'

const expect = baseExpect.configure({ timeout: 15_000 })
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** The editor's checks, saving, conflicts, undo and accessibility, on a copy of the config. */
test.describe('visual editor: checks and saving', () => {
  const session = editorSession()
  const read = () => fs.readFileSync(session.config.file, 'utf8')
  const aboutIndex = () => (JSON.parse(session.config.original) as SiteConfig).routes.findIndex((route) => route.path === '/about')
  const heading = (page: import('@playwright/test').Page) => page.getByRole('region', { name: /^Block 1: Page hero/ }).getByRole('textbox', { name: 'Heading' })
  // The hero's highlight, "Since 2016", must stay part of its heading (the checker says so): every saved heading keeps it.

  test('shows a problem on its field in the checker’s words and refuses to save', async ({ page }) => {
    await openEditor(page, session.server.url, 'About Us')
    await selectBlock(page, '8. Cta band')
    const action = page.getByRole('group', { name: 'Action 1' })
    await action.getByRole('combobox', { name: 'To' }).fill('contact')
    await page.keyboard.press('Escape')

    // What `npm run validate` says about the same mistake in the file.
    const wrong = setJsonValue(session.config.original, ['routes', aboutIndex(), 'blocks', 7, 'actions', 0, 'to'], 'contact')
    const [problem] = validateConfigText(wrong, 'site.config.json')
    expect(problem).toBeDefined()
    const words = `${problem!.message}${problem!.hint ? ` ${problem!.hint}` : ''}`
    await expect(action.getByText(words)).toBeVisible()
    await expect(action.getByRole('combobox', { name: 'To' })).toHaveAttribute('aria-invalid', 'true')

    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Not saved: the page has a problem' })).toBeVisible()
    expect(read()).toBe(session.config.original)
  })

  test('saves an edited text as that one change, byte for byte', async ({ page }) => {
    await openEditor(page, session.server.url, 'About Us')
    await selectBlock(page, '1. Page hero')
    await heading(page).fill('Secure IT, Edited in the Editor Since 2016')
    await expect(preview(page).getByText('Secure IT, Edited in the Editor Since 2016')).toBeVisible()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/^Saved /)).toBeVisible()
    expect(read()).toBe(replaceJsonValue(session.config.original, ['routes', aboutIndex(), 'blocks', 0, 'heading'], 'Secure IT, Edited in the Editor Since 2016'))
  })

  test('undoes and redoes unsaved edits', async ({ page }) => {
    await openEditor(page, session.server.url, 'About Us')
    await selectBlock(page, '1. Page hero')
    const before = await heading(page).inputValue()
    await heading(page).fill('First try')
    await page.getByRole('button', { name: 'Remove 2. Text section' }).click()
    await expect(page.getByTestId('block-row')).toHaveCount(7)
    await page.getByRole('button', { name: 'Undo' }).click()
    await expect(page.getByTestId('block-row')).toHaveCount(8)
    await page.getByRole('button', { name: 'Undo' }).click()
    await selectBlock(page, '1. Page hero') // removing a block closed its form
    await expect(heading(page)).toHaveValue(before)
    await page.getByRole('button', { name: 'Redo' }).click()
    await expect(heading(page)).toHaveValue('First try')
  })

  test('does not overwrite a file changed on disk, keeps the edits and offers to reload', async ({ page }) => {
    await openEditor(page, session.server.url, 'About Us')
    await selectBlock(page, '1. Page hero')
    await heading(page).fill('Edited in the editor Since 2016')
    const outside = setJsonValue(session.config.original, ['site', 'phone'], '+91 33 4000 9999')
    fs.writeFileSync(session.config.file, outside)

    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'The file changed on disk' })).toBeVisible()
    expect(read()).toBe(outside)
    await expect(heading(page)).toHaveValue('Edited in the editor Since 2016')

    await page.getByRole('button', { name: /^Reload the file/ }).click()
    await selectBlock(page, '1. Page hero')
    await expect(heading(page)).not.toHaveValue('Edited in the editor Since 2016')
    await expect(page.getByText('All changes saved')).toBeVisible()
  })

  test('has no axe violations with a block open', async ({ page }) => {
    await openEditor(page, session.server.url, 'About Us')
    await selectBlock(page, '4. Card grid')
    await expect(page.getByRole('group', { name: 'Card 1' })).toBeVisible()
    await page.addScriptTag({ content: axeSource })
    // The preview is the site itself, checked by the site's own tests: only the editor is checked here.
    const violations = await page.evaluate(async () =>
      (await (window as unknown as { axe: typeof import('axe-core') }).axe.run({ exclude: [['iframe']] })).violations.map(
        (violation) =>
          `${violation.id}: ${violation.nodes
            .map((node) => node.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      ),
    )
    expect(violations).toEqual([])
  })
})
