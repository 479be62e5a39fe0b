import { expect, test, type Browser, type Page } from '@playwright/test'
import { readAccounts, writeAccounts } from '../../server/editor-access/accounts-file.ts'
import { EDITOR_ACCOUNT, productionEditorSession, signInToEditor, type EditorAccount } from './support/production-editor.ts'

const BEN: EditorAccount = { name: 'ben', password: 'kettle harbour violet sparrow' }

/**
 * Two people on one team draft in the live editor (the built production server): each one's save
 * reaches the other's open form with a notice naming the field, an editor is sent to a publisher,
 * and a publisher publishes the draft.
 */
test.describe('a team draft in the live editor', () => {
  const session = productionEditorSession({ accounts: [EDITOR_ACCOUNT, BEN] })

  test.beforeAll(async () => {
    // ben is an editor: he drafts, and a publisher publishes (the session's role is read from the file on every request).
    const file = `${session.scratch}/accounts.json`
    const accounts = await readAccounts(file)
    await writeAccounts(file, { ...accounts, ben: { ...accounts.ben!, role: 'editor' } })
  })

  async function signedIn(browser: Browser, account: EditorAccount): Promise<Page> {
    const page = await (await browser.newContext()).newPage()
    await signInToEditor(page, session.server.url, { account, pageTitle: 'About Us' })
    return page
  }
  const settings = (page: Page) => page.getByRole('region', { name: 'Page settings' })
  const savedToDraft = (page: Page) => expect(page.getByText(/^Saved to the draft at/)).toBeVisible({ timeout: 15_000 })

  test('two people edit one draft, each sees the other’s save and a notice, and a publisher publishes it', async ({ browser, request }) => {
    const asha = await signedIn(browser, EDITOR_ACCOUNT)
    await settings(asha).getByRole('textbox', { name: 'Title' }).fill('About Eastbridge, by asha')
    await savedToDraft(asha)
    await expect(asha.getByRole('region', { name: 'Team draft' })).toContainText('started by asha')

    const ben = await signedIn(browser, BEN)
    await ben.getByRole('button', { name: /^Open asha’s changes/ }).click()
    await expect(settings(ben).getByRole('textbox', { name: 'Title' })).toHaveValue('About Eastbridge, by asha', { timeout: 15_000 })
    // An editor does not publish.
    await expect(ben.getByRole('button', { name: 'Ask a publisher' })).toBeDisabled()
    await expect(ben.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0)

    await settings(ben).getByRole('textbox', { name: 'Description' }).fill('Who we are, as ben put it.')
    await savedToDraft(ben)
    // asha's open form takes ben's save, and says so.
    await expect(asha.getByRole('status').filter({ hasText: 'ben saved changes to this draft' })).toContainText('/about › description', { timeout: 15_000 })
    await expect(settings(asha).getByRole('textbox', { name: 'Description' })).toHaveValue('Who we are, as ben put it.')
    await expect(settings(asha).getByRole('textbox', { name: 'Title' })).toHaveValue('About Eastbridge, by asha')

    await settings(asha).getByRole('textbox', { name: 'Title' }).fill('About Eastbridge, by asha and ben')
    await savedToDraft(asha)
    await expect(ben.getByRole('status').filter({ hasText: 'asha saved changes to this draft' })).toContainText('/about › title', { timeout: 15_000 })
    await expect(settings(ben).getByRole('textbox', { name: 'Title' })).toHaveValue('About Eastbridge, by asha and ben')

    await asha.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect(asha.getByText('Published: the site shows your changes now.')).toBeVisible({ timeout: 30_000 })
    const live = await (await request.get(`${session.server.url}/about`)).text()
    expect(live).toContain('<title>About Eastbridge, by asha and ben')
    expect(live).toContain('Who we are, as ben put it.')
    // The published draft is gone for ben too.
    await expect(ben.getByText(/published or deleted/)).toBeVisible({ timeout: 15_000 })
  })
})
