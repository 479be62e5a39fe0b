import { expect, test, type Page } from '@playwright/test'
import { recordViolations } from './support/csp-violations.ts'
import { EDITOR_ACCOUNT, productionEditorSession } from './support/production-editor.ts'
import {
  addVirtualAuthenticator,
  consoleErrors,
  editorOrigin,
  expectInEditor,
  openSignInSecurity,
  secondFactorSettings,
  signOut,
  submitPassword,
} from './support/second-factors.ts'

/**
 * The sign-in page also asks for a passkey to offer in the name field, which a virtual
 * authenticator answers unasked: held back until the page has asked, the button's own request
 * is the one that signs in.
 */
async function signOutWithOfferHeld(page: Page, origin: string, authenticator: Awaited<ReturnType<typeof addVirtualAuthenticator>>) {
  await authenticator.answersAtOnce(false)
  const offered = page.waitForResponse('**/_editor/sign-in/passkey-options')
  await signOut(page, origin)
  await offered
  await authenticator.answersAtOnce(true)
}

/** Passkeys on the production editor, in Chromium with a virtual authenticator standing in for a laptop's. */
test.describe('passkeys on the production editor', () => {
  const session = productionEditorSession({ env: secondFactorSettings })

  test('an editor adds a passkey, signs in with it alone, and a removed passkey no longer signs in', async ({ page }) => {
    const origin = editorOrigin(session.server.port)
    const authenticator = await addVirtualAuthenticator(page)
    const violations = await recordViolations(page)
    // 403: the wrong password when adding; 401: the removed passkey.
    const errors = consoleErrors(page, [401, 403])

    await submitPassword(page, origin)
    await expectInEditor(page)
    await openSignInSecurity(page)
    const passkeys = page.getByRole('region', { name: 'Passkeys' })
    await page.getByLabel(/^Your password/).fill('not my password at all')
    await passkeys.getByLabel('Name of the new passkey').fill('Work laptop')
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click()
    await expect(page.getByRole('alert')).toHaveText('That is not your password.')
    expect(await authenticator.credentials()).toHaveLength(0)

    await page.getByLabel(/^Your password/).fill(EDITOR_ACCOUNT.password)
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click()
    await expect(passkeys.getByRole('button', { name: 'Remove Work laptop' })).toBeVisible()
    expect(await authenticator.credentials()).toHaveLength(1)

    await page.getByRole('link', { name: 'Back to the editor' }).click()
    await signOutWithOfferHeld(page, origin, authenticator)
    // The sign-in page's strict policy lets its own served scripts run, and nothing inline.
    expect(await violations()).toEqual([])
    await page.getByRole('button', { name: 'Sign in with a passkey (recommended)' }).click()
    await expectInEditor(page)
    await openSignInSecurity(page)
    await expect(passkeys.getByText(/Work laptop · added \S+ · last used/)).toBeVisible()

    await passkeys.getByRole('button', { name: 'Remove Work laptop' }).click()
    await expect(passkeys.getByRole('button', { name: 'Remove Work laptop' })).toHaveCount(0)
    await page.getByRole('link', { name: 'Back to the editor' }).click()
    await signOutWithOfferHeld(page, origin, authenticator)
    // The laptop still holds the passkey and offers it; the editor no longer knows it.
    await expect(page.getByRole('alert')).toBeHidden()
    await page.getByRole('button', { name: 'Sign in with a passkey (recommended)' }).click()
    await expect(page.getByRole('alert')).toHaveText('That passkey is not one of this editor’s accounts.')
    await expect(page.getByRole('heading', { name: 'Sign in to the editor' })).toBeVisible()
    expect((await page.request.get(`${origin}/_editor/api/session`)).status()).toBe(401)

    expect(await violations()).toEqual([])
    expect(errors).toEqual([])
  })

  test('a passkey the browser offers in the name field signs in without a click on the button', async ({ page }) => {
    // Made by the test before: the page's authenticator is new, so a passkey is added again first.
    const origin = editorOrigin(session.server.port)
    const authenticator = await addVirtualAuthenticator(page)
    const errors = consoleErrors(page, [])
    await submitPassword(page, origin)
    await expectInEditor(page)
    await openSignInSecurity(page)
    await page.getByLabel(/^Your password/).fill(EDITOR_ACCOUNT.password)
    await page.getByRole('region', { name: 'Passkeys' }).getByRole('button', { name: 'Add a passkey' }).click()
    await expect(page.getByRole('button', { name: 'Remove Passkey' })).toBeVisible()
    expect(await authenticator.credentials()).toHaveLength(1)

    await page.getByRole('link', { name: 'Back to the editor' }).click()
    const signedInByPasskey = page.waitForResponse((response) => response.url().endsWith('/_editor/sign-in/passkey'))
    // Signing out lands on the sign-in page, which signs in again at once: the authenticator "chose" the offered passkey.
    await page.getByRole('button', { name: 'Sign out' }).click()
    expect((await signedInByPasskey).status()).toBe(200)
    await expectInEditor(page)
    expect(errors).toEqual([])
  })
})
