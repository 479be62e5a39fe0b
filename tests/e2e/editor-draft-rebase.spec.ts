import { expect, test, type Browser, type Page } from '@playwright/test'
import { EDITOR_ACCOUNT, productionEditorSession, signInToEditor, type EditorAccount } from './support/production-editor.ts'

const BEN: EditorAccount = { name: 'ben', password: 'kettle harbour violet sparrow', role: 'publisher' }

/**
 * A draft on an older version in the live editor (the built production server): someone publishes
 * while asha edits, her Publish is refused as a conflict, she brings the draft up to date, and
 * publishing it then puts both changes on the live page.
 */
test.describe('bringing a draft up to date in the live editor', () => {
  const session = productionEditorSession({ accounts: [EDITOR_ACCOUNT, BEN] })

  async function signedIn(browser: Browser, account: EditorAccount): Promise<Page> {
    const page = await (await browser.newContext()).newPage()
    await signInToEditor(page, session.server.url, { account, pageTitle: 'About Us' })
    return page
  }
  const settings = (page: Page) => page.getByRole('region', { name: 'Page settings' })
  const savedToDraft = (page: Page) => expect(page.getByText(/^Saved to the draft at/)).toBeVisible({ timeout: 15_000 })
  const published = (page: Page) => expect(page.getByText('Published: the site shows your changes now.')).toBeVisible({ timeout: 30_000 })

  test('someone publishes meanwhile; the draft is brought up to date, then published, and the live page has both changes', async ({ browser, request }) => {
    const asha = await signedIn(browser, EDITOR_ACCOUNT)
    await settings(asha).getByRole('textbox', { name: 'Title' }).fill('About Eastbridge, from asha’s draft')
    await savedToDraft(asha)

    const ben = await signedIn(browser, BEN)
    await settings(ben).getByRole('textbox', { name: 'Description' }).fill('Who we are, published by ben meanwhile.')
    await savedToDraft(ben)
    await ben.getByRole('button', { name: 'Publish', exact: true }).click()
    await published(ben)

    await asha.getByRole('button', { name: 'Publish', exact: true }).click()
    const conflict = asha.getByRole('alert').filter({ hasText: 'Someone published meanwhile' })
    await expect(conflict).toBeVisible({ timeout: 30_000 })
    await conflict.getByRole('button', { name: 'Bring the draft up to date' }).click()
    await expect(asha.getByRole('status').filter({ hasText: /The draft is up to date with version/ })).toBeVisible({ timeout: 15_000 })
    await expect(conflict).toHaveCount(0)
    // The form shows what ben published, with asha's change on top.
    await expect(settings(asha).getByRole('textbox', { name: 'Description' })).toHaveValue('Who we are, published by ben meanwhile.')
    await expect(settings(asha).getByRole('textbox', { name: 'Title' })).toHaveValue('About Eastbridge, from asha’s draft')

    await asha.getByRole('button', { name: 'Publish', exact: true }).click()
    await published(asha)
    const live = await (await request.get(`${session.server.url}/about`)).text()
    expect(live).toContain('<title>About Eastbridge, from asha’s draft')
    expect(live).toContain('Who we are, published by ben meanwhile.')
  })
})
