import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { EDITOR_ACCOUNT, productionEditorSession, signInToEditor, type EditorAccount } from './support/production-editor.ts'

/** asha is the first account, so an admin: she reviews and publishes. ben is an editor. Both have an address the editor mails. */
const ASHA: EditorAccount = { ...EDITOR_ACCOUNT, email: 'asha@example.com' }
const BEN: EditorAccount = { name: 'ben', password: 'kettle harbour violet sparrow', role: 'editor', email: 'ben@example.com' }

/** Every message file the outbox holds (nothing receives the mail in these tests, so it waits there), as text. */
function outboxText(dir: string): string {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n')
}

/**
 * A draft's review and its preview links in the live editor (the built production server): an
 * editor asks for a review, a publisher reads the old and new words side by side and sends it back
 * with a comment, the editor sees it and asks again, the publisher publishes; a preview link opens
 * the draft's site without an account until it is revoked.
 */
test.describe('review and preview links in the live editor', () => {
  const session = productionEditorSession({ accounts: [ASHA, BEN] })

  async function signedIn(browser: Browser, account: EditorAccount): Promise<Page> {
    const page = await (await browser.newContext()).newPage()
    await signInToEditor(page, session.server.url, { account, pageTitle: 'About Us' })
    return page
  }
  const settings = (page: Page) => page.getByRole('region', { name: 'Page settings' })
  const panel = (page: Page) => page.getByRole('region', { name: 'Team draft' })
  const reviewState = (page: Page) => panel(page).getByTestId('draft-review-state')
  const savedToDraft = (page: Page) => expect(page.getByText(/^Saved to the draft at/)).toBeVisible({ timeout: 15_000 })

  test('an editor asks, a publisher reads the changes and sends it back, the editor changes it and asks again, the publisher publishes', async ({ browser, request }) => {
    test.setTimeout(180_000)
    const ben = await signedIn(browser, BEN)
    await settings(ben).getByRole('textbox', { name: 'Title' }).fill('About Eastbridge, for review')
    await savedToDraft(ben)
    await expect(reviewState(ben)).toHaveText('Draft')
    await panel(ben).getByRole('button', { name: 'Ask for review…' }).click()
    await panel(ben).getByLabel('Note to the publishers (optional)').fill('The new name is in the title.')
    await panel(ben).getByRole('button', { name: 'Ask for review', exact: true }).click()
    await expect(panel(ben).getByRole('status')).toHaveText('Asked for a review. One person was mailed.')
    await expect(reviewState(ben)).toHaveText(/^In review, asked by ben at /)

    const asha = await signedIn(browser, ASHA)
    await panel(asha).getByText('Waiting for review (1)').click()
    const waiting = panel(asha).getByRole('table', { name: 'Drafts' })
    await expect(waiting.getByRole('row')).toHaveCount(2)
    await expect(waiting).toContainText('In review, asked by ben')
    await waiting.getByRole('button', { name: /^Open ben’s changes/ }).click()
    await expect(settings(asha).getByRole('textbox', { name: 'Title' })).toHaveValue('About Eastbridge, for review', { timeout: 15_000 })
    await expect(panel(asha)).toContainText('Note: “The new name is in the title.”')
    await panel(asha).getByRole('button', { name: 'Review its changes' }).click()
    const title = panel(asha).getByRole('region', { name: "The draft's changes" }).getByRole('group', { name: 'Title' })
    await expect(title).toContainText('BeforeAbout Us')
    await expect(title).toContainText('AfterAbout Eastbridge, for review')

    await panel(asha).getByRole('button', { name: 'Send back…' }).click()
    // The comment is required: an empty one is not sent.
    await panel(asha).getByRole('button', { name: 'Send back', exact: true }).click()
    await expect(reviewState(asha)).toHaveText(/^In review/)
    await panel(asha).getByLabel('What to change (the author reads it)').fill('Please keep “Us” in the title.')
    await panel(asha).getByRole('button', { name: 'Send back', exact: true }).click()
    await expect(panel(asha).getByRole('status').filter({ hasText: 'Sent back to ben' })).toHaveText('Sent back to ben. One person was mailed.')

    // ben's open draft takes the change as the others' saves come.
    await expect(reviewState(ben)).toHaveText('Sent back by asha: “Please keep “Us” in the title.”', { timeout: 15_000 })
    await settings(ben).getByRole('textbox', { name: 'Title' }).fill('About Us at Eastbridge')
    await savedToDraft(ben)
    await panel(ben).getByRole('button', { name: 'Ask for review…' }).click()
    await panel(ben).getByRole('button', { name: 'Ask for review', exact: true }).click()
    await expect(reviewState(ben)).toHaveText(/^In review, asked by ben at /)

    await expect(reviewState(asha)).toHaveText(/^In review, asked by ben at /, { timeout: 15_000 })
    await expect(settings(asha).getByRole('textbox', { name: 'Title' })).toHaveValue('About Us at Eastbridge')
    await asha.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect(asha.getByText('Published: the site shows your changes now.')).toBeVisible({ timeout: 30_000 })
    expect(await (await request.get(`${session.server.url}/about`)).text()).toContain('<title>About Us at Eastbridge')

    // The publisher was mailed the review (twice), the author the comment: queued in the outbox.
    const mail = outboxText(session.outboxDir)
    expect(mail).toMatch(/asha@example\.com[\s\S]*Review asked: ben’s changes/)
    expect(mail).toContain('The new name is in the title.')
    expect(mail).toMatch(/ben@example\.com[\s\S]*Sent back: ben’s changes/)
  })

  test('a preview link shows the draft to someone without an account, marked and not indexed, until it is revoked', async ({ browser }) => {
    const asha = await signedIn(browser, ASHA)
    await settings(asha).getByRole('textbox', { name: 'Title' }).fill('About Eastbridge, in preview')
    await savedToDraft(asha)
    await panel(asha).getByRole('button', { name: 'Make a preview link' }).click()
    const shown = panel(asha).getByTestId('preview-link')
    await expect(shown).toHaveText(/\/_preview\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\/$/)
    await expect(panel(asha).getByRole('button', { name: 'Copy' })).toBeVisible()
    await expect(panel(asha)).toContainText(/It is shown only now: copy it\./)
    const url = (await shown.textContent())!
    const links = panel(asha).getByRole('table', { name: "The draft's preview links" })
    await expect(links.getByRole('row')).toHaveCount(2)
    await expect(links).toContainText(/asha.*Open until/)

    // Someone with no session: a browser of its own.
    const owner = await (await browser.newContext()).newPage()
    const answer = await owner.goto(`${url}about/`, { timeout: 60_000 })
    expect(answer?.status()).toBe(200)
    expect(answer?.headers()['x-robots-tag']).toContain('noindex')
    expect(answer?.headers()['cache-control']).toContain('no-store')
    await expect(owner.getByRole('note')).toContainText(/^Preview of the draft “asha’s changes, .*”, not published\./)
    await expect(owner).toHaveTitle(/^About Eastbridge, in preview/)
    await expect(owner.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)

    await links.getByRole('button', { name: /^Revoke/ }).click()
    await expect(links).toContainText(/Revoked /)
    await expect(links.getByRole('button', { name: /^Revoke/ })).toHaveCount(0)
    const refused = await owner.reload()
    expect(refused?.status()).toBe(410)
    await expect(owner.getByText('This preview link was revoked by the site’s team')).toBeVisible()
    await expect(owner.getByText('About Eastbridge, in preview')).toHaveCount(0)
  })

  test('an admin sets and clears another account’s e-mail address, a bad one is refused in words, and everyone sets their own', async ({ browser }) => {
    const asha = await signedIn(browser, ASHA)
    await asha.getByRole('button', { name: 'Accounts', exact: true }).click()
    const bens = asha.getByRole('dialog', { name: 'Accounts' }).getByRole('listitem', { name: 'Account ben' })
    const bensEmail = bens.getByRole('textbox', { name: 'E-mail of ben' })
    await expect(bensEmail).toHaveValue('ben@example.com')
    // The browser takes it (its own check lets a host without a dot pass); the server says why not.
    await bensEmail.fill('ben@localhost')
    await bens.getByRole('button', { name: 'Save address' }).click()
    await expect(asha.getByRole('alert').filter({ hasText: 'is not an e-mail address' })).toContainText('Nothing was changed.')
    await bensEmail.fill('')
    await bens.getByRole('button', { name: 'Clear address' }).click()
    await expect(asha.getByRole('status').filter({ hasText: 'ben has no e-mail address now.' })).toBeVisible()
    await expect(bensEmail).toHaveValue('')
    await asha.keyboard.press('Escape')

    const ben = await signedIn(browser, BEN)
    await ben.getByRole('button', { name: 'My account' }).click()
    const mine = ben.getByRole('dialog', { name: 'My account' })
    await expect(mine.getByRole('textbox', { name: 'Your e-mail' })).toHaveValue('')
    await mine.getByRole('textbox', { name: 'Your e-mail' }).fill('ben.k@example.org')
    await mine.getByRole('button', { name: 'Save address' }).click()
    await expect(mine.getByRole('status')).toHaveText('The editor mails you at ben.k@example.org now.')
    // Another account's address is an admin's to change: ben's screen has no Accounts.
    await expect(ben.getByRole('button', { name: 'Accounts', exact: true })).toHaveCount(0)
  })
})
