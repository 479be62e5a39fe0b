import { expect as baseExpect, test, type Page } from '@playwright/test'
import { preview, selectBlock } from './support/editor-session.ts'
import { productionEditorSession, signInToEditor } from './support/production-editor.ts'

const expect = baseExpect.configure({ timeout: 20_000 })

const pageSettings = (page: Page) => page.getByRole('region', { name: 'Page settings' })
const pagesList = (page: Page) => page.getByRole('list', { name: 'Pages' })
/** The count of texts the About page lacks a translation of, as its row in the page list says it. */
async function aboutMissing(page: Page): Promise<number> {
  const row = pagesList(page).getByRole('listitem').filter({ hasText: '/about' })
  const words = await row.getByText(/texts? missing in বাংলা/).textContent()
  return Number(/^(\d+)/.exec(words ?? '')![1])
}

/**
 * A second language turned on in the live editor, as an author does it: the draft (a copy of the
 * published config, never the project's file) gets Bengali, a page is translated side by side,
 * the page list counts what is left, and the preview shows the page as Bengali visitors get it.
 */
test.describe('live editor: a site in two languages', () => {
  const session = productionEditorSession()

  test('turns on Bengali, translates the About page side by side, counts what is left and previews it in Bengali', async ({ page }) => {
    await signInToEditor(page, session.server.url)
    await page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name: 'Company' }).click()
    const company = page.getByRole('region', { name: 'Company' })
    for (const [index, language] of ['en', 'bn'].entries()) {
      await company.getByRole('button', { name: 'Add locale' }).click()
      await company.getByRole('textbox', { name: `Locale ${index + 1}` }).fill(language)
    }
    // The settings every page shows now lack their Bengali words: the nav says how many, screen by screen.
    await expect(page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name: /Header menu/ })).toContainText(/\d+/)

    await pagesList(page)
      .getByRole('button', { name: /^About Us/ })
      .click()
    const title = pageSettings(page).getByRole('group', { name: 'Title' })
    await expect(title.getByRole('textbox', { name: 'English' })).toHaveValue('About Us')
    await expect(title.getByRole('textbox', { name: 'বাংলা' })).toHaveAttribute('lang', 'bn')
    await expect(pageSettings(page)).toContainText('In: English. Give the title in a language to add the page to it.')
    await title.getByRole('textbox', { name: 'বাংলা' }).fill('আমাদের কথা')
    await expect(pageSettings(page)).toContainText('In: English, বাংলা.')

    // The page is now in Bengali, with its other texts still to translate: the filter keeps it alone.
    await page.getByRole('switch', { name: 'Missing translations only' }).check({ force: true })
    await expect(pagesList(page).getByRole('listitem')).toHaveCount(1)
    const before = await aboutMissing(page)
    expect(before).toBeGreaterThan(2)

    // "Show the first" takes the author to the first text lacking its Bengali words.
    await page.getByRole('status', { name: 'Missing translations' }).getByRole('button', { name: 'Show the first' }).click()
    await expect(page.locator(':focus')).toHaveAttribute('lang', 'bn')

    await pageSettings(page).getByRole('group', { name: 'Description' }).getByRole('textbox', { name: 'বাংলা' }).fill('২০১৬ থেকে আমাদের গল্প।')
    await expect.poll(() => aboutMissing(page)).toBe(before - 1)
    await selectBlock(page, '1. Page hero')
    const hero = page.getByRole('region', { name: /^Block 1: Page hero/ })
    await hero
      .getByRole('group', { name: /^Heading/ })
      .getByRole('textbox', { name: 'বাংলা' })
      .fill('২০১৬ থেকে নিরাপদ ও নির্ভরযোগ্য আইটি')
    await expect.poll(() => aboutMissing(page)).toBe(before - 2)

    // The preview in Bengali: the page at its Bengali address, its heading in Bengali, the page declared Bengali.
    await page.getByRole('combobox', { name: 'Preview language' }).click()
    await page.getByRole('option', { name: 'বাংলা' }).click()
    await expect(page.locator('iframe[title="Preview of /bn/about"]')).toBeVisible()
    await expect(preview(page).locator('main')).toContainText('২০১৬ থেকে নিরাপদ ও নির্ভরযোগ্য আইটি')
    await expect(preview(page).locator('html')).toHaveAttribute('lang', 'bn')
    // Back in English, the English heading.
    await page.getByRole('combobox', { name: 'Preview language' }).click()
    await page.getByRole('option', { name: 'English' }).click()
    await expect(preview(page).locator('main')).toContainText('Building Secure, Dependable IT Since 2016')
  })
})
