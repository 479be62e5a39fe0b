import { expect, test } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { EDITOR_ACCOUNT, productionEditorSession, type EditorAccount } from './support/production-editor.ts'
import { consoleErrors, editorOrigin, expectInEditor, giveRole, openSignInSecurity, secondFactorSettings, submitPassword } from './support/second-factors.ts'

const PUBLISHER: EditorAccount = { name: 'priya', password: 'kettle harbour violet ninety' }

/** An admin requires a second factor of publishers, on the production editor. */
test.describe('the second-factor policy on the production editor', () => {
  const session = productionEditorSession({ accounts: [EDITOR_ACCOUNT, PUBLISHER], env: secondFactorSettings })

  test('a publisher without a second factor is taken to add one, may do nothing else, and works once it has', async ({ page, browser }) => {
    const origin = editorOrigin(session.server.port)
    await giveRole(session.accountsFile, PUBLISHER.name, 'publisher')
    const errors = consoleErrors(page, [])

    await submitPassword(page, origin)
    await expectInEditor(page)
    await openSignInSecurity(page)
    // The switch follows the server's answer, not the click.
    const required = page.getByRole('switch', { name: 'Require a second factor for publishers and admins' })
    await required.click()
    await expect(required).toBeChecked()
    // The admin is asked too, at once: the policy is for every account that may publish.
    await expect(page.getByText('This site asks your role for a second factor')).toBeVisible()

    const publisher = await browser.newPage()
    const publisherErrors = consoleErrors(publisher, [])
    await submitPassword(publisher, origin, PUBLISHER)
    await expect(publisher).toHaveURL(`${origin}/_editor/security`)
    await expect(publisher.getByText('This site asks your role for a second factor: add a passkey or an authenticator app before you continue.')).toBeVisible()
    await expect(publisher.getByRole('link', { name: 'Back to the editor' })).toHaveCount(0)
    // Nothing else: the editor's page leads back here, and its API refuses in words.
    await publisher.goto(`${origin}/_editor`)
    await expect(publisher).toHaveURL(`${origin}/_editor/security`)
    const refused = await publisher.request.get(`${origin}/_editor/api/document`)
    expect(refused.status()).toBe(403)
    expect(await refused.json()).toEqual({ error: 'second_factor_required', message: 'Add a passkey or an authenticator app first: this site asks it of your role.' })

    await publisher.getByLabel(/^Your password/).fill(PUBLISHER.password)
    await publisher.getByRole('button', { name: 'Set up an authenticator app' }).click()
    const secret = (await publisher.getByTestId('app-secret').innerText()).trim()
    await publisher.getByLabel('The code the app shows').fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate())
    await publisher.getByRole('button', { name: 'Confirm' }).click()
    await expect(publisher.getByText('This site asks your role for a second factor')).toHaveCount(0)
    await publisher.getByRole('link', { name: 'Back to the editor' }).click()
    await expectInEditor(publisher, PUBLISHER)
    expect((await publisher.request.get(`${origin}/_editor/api/document`)).status()).toBe(200)
    await publisher.close()

    // The admin, still without one, signs out from the only screen left to her.
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByRole('heading', { name: 'Sign in to the editor' })).toBeVisible()
    expect([...errors, ...publisherErrors]).toEqual([])
  })
})
