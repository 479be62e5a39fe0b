import { expect, type Page } from '@playwright/test'
import { readAccounts, writeAccounts } from '../../../server/editor-access/accounts-file.ts'
import type { Role } from '../../../site/editor-roles.ts'
import { EDITOR_ACCOUNT, type EditorAccount } from './production-editor.ts'

/**
 * The editor on `http://localhost:<port>`, passkeys and authenticator apps on. A passkey is made
 * for a host name: WebAuthn refuses an IP address (127.0.0.1) as the relying party, and
 * `localhost` is a secure context without TLS.
 */
export const editorOrigin = (port: number) => `http://localhost:${port}`

export const secondFactorSettings = (port: number) => ({
  EDITOR_ORIGIN: editorOrigin(port),
  EDITOR_FACTORS_KEY: 'the browser tests own factors key, long enough',
})

/**
 * Chromium's virtual authenticator (the DevTools WebAuthn domain): a platform authenticator that
 * keeps discoverable passkeys and confirms the person at once, as a laptop's fingerprint reader would.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  })
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /** Off, the authenticator waits for a touch that never comes: a request made meanwhile stays open. */
    answersAtOnce: (enabled: boolean) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled }),
  }
}

/** The sign-in form's password step: the password button, not "Sign in with a passkey". */
export async function submitPassword(page: Page, origin: string, account: EditorAccount = EDITOR_ACCOUNT) {
  await page.goto(`${origin}/_editor`)
  await page.getByLabel('Account name').fill(account.name)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** Signed in: the editor has loaded and names the account. */
export const expectInEditor = (page: Page, account: EditorAccount = EDITOR_ACCOUNT) => expect(page.getByText(`Signed in as ${account.name}`)).toBeVisible({ timeout: 30_000 })

/**
 * The page's errors and console errors, but for the failed loads of the refusals a test provokes
 * (a wrong password, a removed passkey), which Chromium reports as console errors.
 */
export function consoleErrors(page: Page, refusals: number[]) {
  const seen: string[] = []
  const expected = new RegExp(`^Failed to load resource: the server responded with a status of (${refusals.join('|')}) `)
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected.test(message.text())) seen.push(message.text())
  })
  page.on('pageerror', (error) => seen.push(error.message))
  return seen
}

/** Sign out from the editor's own menu, and land on the sign-in page. */
export async function signOut(page: Page, origin: string) {
  if (!page.url().endsWith('/_editor')) await page.goto(`${origin}/_editor`)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in to the editor' })).toBeVisible()
}

/** The Sign-in security screen, opened as a person does: from the editor's account menu. */
export async function openSignInSecurity(page: Page) {
  await page.getByRole('link', { name: 'Sign-in security' }).click()
  await expect(page.getByRole('heading', { name: 'Sign-in security' })).toBeVisible({ timeout: 30_000 })
}

/** Gives an account a role in the accounts file, as the accounts screen or the command line would. */
export async function giveRole(file: string, account: string, role: Role) {
  const accounts = await readAccounts(file)
  await writeAccounts(file, { ...accounts, [account]: { ...accounts[account]!, role } })
}
