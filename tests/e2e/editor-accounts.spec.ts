import { expect, test } from '@playwright/test'
import { openPage } from './support/editor-session.ts'
import { productionEditorSession, signInToEditor } from './support/production-editor.ts'

const INVITED = { name: 'chitra', password: 'tamarind bicycle orchard lamp' }

/** A team on the live editor: an admin invites an editor by a link, promotes them to publisher, and disables them. */
test.describe('accounts on the production editor', () => {
  const session = productionEditorSession()

  test('an invited editor sets a password by the link and cannot publish; promoted, they publish; disabled, their session ends', async ({ page: admin, browser }) => {
    const origin = session.server.url
    await signInToEditor(admin, origin)
    await admin.getByRole('button', { name: 'Accounts', exact: true }).click()
    const accounts = admin.getByRole('dialog', { name: 'Accounts' })
    await accounts.getByLabel('Account name').fill(INVITED.name)
    await accounts.getByRole('button', { name: 'Make an invitation link' }).click()
    const link = (await accounts.getByTestId('password-link').textContent())!
    expect(link).toMatch(new RegExp(`^${origin}/_editor/set-password\\?token=`))

    // The invited person, in a browser of their own.
    const theirs = await browser.newContext()
    const invited = await theirs.newPage()
    await invited.goto(link)
    await expect(invited.getByRole('heading', { name: 'Welcome to the editor' })).toBeVisible()
    await invited.getByLabel('New password').fill(INVITED.password)
    await invited.getByLabel('The same password again').fill(INVITED.password)
    await invited.getByRole('button', { name: 'Set the password and sign in' }).click()
    await expect(invited.getByText(`Signed in as ${INVITED.name} (editor)`)).toBeVisible({ timeout: 30_000 })
    // An editor's edits go to the team's draft: publishing is a publisher's.
    await expect(invited.getByRole('button', { name: 'Ask a publisher' })).toBeDisabled()
    await expect(invited.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0)
    await expect(invited.getByRole('button', { name: 'Accounts', exact: true })).toHaveCount(0)
    // The link worked once.
    const again = await theirs.newPage()
    await again.goto(link)
    await expect(again.getByText('it has been used already')).toBeVisible()
    await again.close()

    await accounts.getByLabel(`Role of ${INVITED.name}`).click()
    await admin.getByRole('option', { name: /^Publisher/ }).click()
    await expect(accounts.getByText(`${INVITED.name} is now publisher.`)).toBeVisible()

    await invited.reload()
    await expect(invited.getByText(`Signed in as ${INVITED.name} (publisher)`)).toBeVisible({ timeout: 30_000 })
    await openPage(invited, 'About Us')
    await invited.getByRole('region', { name: 'Page settings' }).getByRole('textbox', { name: 'Title' }).fill('About Eastbridge, by the team')
    await invited.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect(invited.getByText('Published: the site shows your changes now.')).toBeVisible({ timeout: 30_000 })

    const card = accounts.getByRole('listitem', { name: `Account ${INVITED.name}` })
    await card.getByRole('button', { name: 'Disable' }).click()
    await expect(accounts.getByText(`${INVITED.name} is disabled: their sessions have ended.`)).toBeVisible()
    await invited.reload()
    await expect(invited.getByRole('heading', { name: 'Sign in to the editor' })).toBeVisible()
    await theirs.close()
  })
})
