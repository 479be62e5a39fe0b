import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { root } from '../../../scripts/lib/paths.ts'
import { openPage } from './editor-session.ts'
import { freePort, startSiteServer, temporaryOutbox, type SiteServer } from '../../../scripts/harness/site-server.ts'

export interface EditorAccount {
  name: string
  password: string
  /** Without one, the command's default: the first account an admin, later ones editors. */
  role?: 'editor' | 'publisher' | 'admin'
  /** Where the editor mails the account (a review asked, a draft sent back); without one, no mail. */
  email?: string
}

/** The account every production editor session signs in with (long enough for the password rules). */
export const EDITOR_ACCOUNT: EditorAccount = { name: 'asha', password: 'mango monsoon ferry lantern' }

/**
 * The live editor as production runs it, for a browser test: the compiled server (`npm run build`,
 * which test:e2e runs first) with NODE_ENV=production and EDITOR=on, on a free port, with its own
 * accounts file (one account, made with the compiled `editor-user` command as an operator does), its
 * own CONTENT_DIR (the published versions and uploaded pictures) and outbox (`session.outboxDir`, where
 * the editor's mail to its team waits, as nothing receives it), all in a temporary
 * folder removed afterwards. The project's files are never written. `session.server` is undefined
 * until the describe block's beforeAll has run. `env` may be made from the server's port, for a setting
 * that names the server's own address (EDITOR_ORIGIN).
 */
export function productionEditorSession({
  accounts = [EDITOR_ACCOUNT],
  env = {},
}: { accounts?: EditorAccount[]; env?: Record<string, string> | ((port: number) => Record<string, string>) } = {}) {
  const session = {} as { server: SiteServer; scratch: string; contentDir: string; accountsFile: string; outboxDir: string }
  test.describe.configure({ mode: 'serial', timeout: 120_000 })
  let removeOutbox: (() => Promise<void>) | undefined
  test.beforeAll(async () => {
    test.setTimeout(60_000)
    session.scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-production-editor-'))
    session.contentDir = path.join(session.scratch, 'published')
    const accountsFile = path.join(session.scratch, 'accounts.json')
    session.accountsFile = accountsFile
    for (const account of accounts)
      execFileSync(
        process.execPath,
        [
          path.join(root, 'build', 'server', 'editor-user.js'),
          'add',
          account.name,
          ...(account.role ? ['--role', account.role] : []),
          ...(account.email ? ['--email', account.email] : []),
        ],
        {
          input: `${account.password}\n`,
          env: { ...process.env, EDITOR_ACCOUNTS_FILE: accountsFile },
        },
      )
    const outbox = await temporaryOutbox()
    removeOutbox = outbox.remove
    session.outboxDir = outbox.dir
    const port = await freePort()
    session.server = await startSiteServer({
      port,
      outboxDir: outbox.dir,
      // No form is sent in these tests: mail goes to a port nothing listens on.
      smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
      env: { NODE_ENV: 'production', EDITOR: 'on', EDITOR_ACCOUNTS_FILE: accountsFile, CONTENT_DIR: session.contentDir, ...(typeof env === 'function' ? env(port) : env) },
    })
  })
  test.afterAll(async () => {
    await session.server?.stop()
    await removeOutbox?.()
    if (session.scratch) fs.rmSync(session.scratch, { recursive: true, force: true })
  })
  test.afterEach(({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus && session.server) console.log(`server log:\n${session.server.log.slice(-30).join('\n')}`)
  })
  return session
}

/**
 * Signs in through the editor's own sign-in form, as a person does, starting at `address` (an
 * address under /_editor), waits until the editor has loaded the published document, and opens
 * the page whose title starts with `pageTitle`, if given.
 */
export async function signInToEditor(page: Page, origin: string, { address = '/_editor', account = EDITOR_ACCOUNT, pageTitle = '' } = {}) {
  await page.goto(`${origin}${address}`)
  await page.getByLabel('Account name').fill(account.name)
  await page.getByLabel('Password').fill(account.password)
  // Exact: with passkeys on, the page also has "Sign in with a passkey".
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText(`Signed in as ${account.name}`)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'New page' })).toBeVisible({ timeout: 30_000 })
  if (pageTitle) await openPage(page, pageTitle)
}
