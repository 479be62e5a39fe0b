import { expect, test, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { EDITOR_ACCOUNT, productionEditorSession } from './support/production-editor.ts'
import { consoleErrors, editorOrigin, expectInEditor, openSignInSecurity, secondFactorSettings, signOut, submitPassword } from './support/second-factors.ts'

/** The authenticator app, in the test: the code its clock shows `offsetMs` from now (30-second steps, as every app does). */
const appCode = (secret: string, offsetMs = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs })

/** Six digits that are none of the codes the server could take now (one step of drift either way). */
function wrongCode(secret: string) {
  const near = new Set([-60_000, -30_000, 0, 30_000, 60_000].map((offset) => appCode(secret, offset)))
  for (let guess = 123_456; ; guess++) if (!near.has(String(guess))) return String(guess)
}

async function secondStep(page: Page, origin: string, code: string) {
  await submitPassword(page, origin)
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible()
  await page.getByLabel('Code from your authenticator app, or a recovery code').fill(code)
  await page.getByRole('button', { name: 'Continue' }).click()
}

/** Codes from an authenticator app after the password, on the production editor. */
test.describe('authenticator-app codes on the production editor', () => {
  const session = productionEditorSession({ env: secondFactorSettings })

  test('an editor sets up an app, signs in with password and code, is refused a wrong code, and uses a recovery code once', async ({ page }) => {
    const origin = editorOrigin(session.server.port)
    // 401: the wrong code and the used recovery code; 400: the wrong first code.
    const errors = consoleErrors(page, [400, 401])
    await submitPassword(page, origin)
    await expectInEditor(page)
    await openSignInSecurity(page)
    const app = page.getByRole('region', { name: 'Authenticator app' })
    await page.getByLabel(/^Your password/).fill(EDITOR_ACCOUNT.password)
    await app.getByRole('button', { name: 'Set up an authenticator app' }).click()
    await expect(app.getByRole('img', { name: 'QR code for your authenticator app' }).locator('svg')).toBeVisible()
    const secret = (await app.getByTestId('app-secret').innerText()).trim()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)

    await app.getByLabel('The code the app shows').fill(wrongCode(secret))
    await app.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'That code is not right' })).toHaveText('That code is not right: type the code the app shows now.')
    await app.getByLabel('The code the app shows').fill(appCode(secret))
    await app.getByRole('button', { name: 'Confirm' }).click()
    await expect(app.getByText('An authenticator app is set up. Recovery codes left: 10.')).toBeVisible()
    const shown = page.getByText('Your recovery codes: keep them somewhere safe, they are shown only now')
    await expect(shown).toBeVisible()
    const recoveryCodes = await page.getByRole('listitem').allInnerTexts()
    expect(recoveryCodes).toHaveLength(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/)

    await page.getByRole('link', { name: 'Back to the editor' }).click()
    await signOut(page, origin)
    await secondStep(page, origin, wrongCode(secret))
    await expect(page.getByRole('alert')).toHaveText('That code is not right, or was already used. Type the newest code your app shows, or one of your recovery codes.')
    expect((await page.request.get(`${origin}/_editor/api/session`)).status()).toBe(401)
    // The step after the one confirmed at setup: each step's code is taken once, and one step of drift is allowed.
    await page.getByLabel('Code from your authenticator app, or a recovery code').fill(appCode(secret, 30_000))
    await page.getByRole('button', { name: 'Continue' }).click()
    await expectInEditor(page)

    await signOut(page, origin)
    await secondStep(page, origin, recoveryCodes[0]!.toLowerCase())
    await expectInEditor(page)
    await openSignInSecurity(page)
    await expect(page.getByText('Recovery codes left: 9.')).toBeVisible()

    await page.getByRole('link', { name: 'Back to the editor' }).click()
    await signOut(page, origin)
    await secondStep(page, origin, recoveryCodes[0]!)
    await expect(page.getByRole('alert')).toContainText('That code is not right, or was already used.')
    expect((await page.request.get(`${origin}/_editor/api/session`)).status()).toBe(401)
    expect(errors).toEqual([])
  })
})
