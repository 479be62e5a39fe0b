import type { Context } from 'koa'
import type { AccessStore } from './access-store.ts'
import { updateAccounts, type EditorAccounts } from './accounts-file.ts'
import { AccountRefusal, emailFrom, withEmail } from './account-routes.ts'
import { SESSION_COOKIE, setEditorCookie } from './editor-cookies.ts'
import type { createEditorSessions } from './editor-sessions.ts'
import { hashPassword, type ScryptCost } from './password-hash.ts'
import { passwordProblem } from './password-rules.ts'
import { readFormBody } from './read-form-body.ts'
import { tokenFor } from './request-origin.ts'
import type { createSignInCheck } from './sign-in-check.ts'

const MY_ACCOUNT = '/_editor/api/my-account'

interface MyAccountOptions {
  accountsFile: string
  accounts: () => Promise<EditorAccounts>
  store: AccessStore
  sessions: ReturnType<typeof createEditorSessions>
  checkSignIn: ReturnType<typeof createSignInCheck>
  scryptCost: ScryptCost
  now: () => number
}

interface SignedIn {
  editorSession: { account: string }
  audit: (event: string, details: Record<string, string>) => void
}

/**
 * Everyone's "My account" on the server:
 *   GET  my-account                    → { account, email, sessions }: where it is signed in, this one marked
 *   POST my-account/password           current, password → { csrfToken }: the current password is checked
 *                                      as a sign-in is (and throttled as one); every other session ends, and
 *                                      this one goes on under a new id (hence the new token)
 *   POST my-account/sign-out-others    → { sessionsEnded }
 *   POST my-account/email              email (empty: cleared) → { email }: where the editor mails this account
 */
export function myAccountRoutes({ accountsFile, accounts, store, sessions, checkSignIn, scryptCost, now }: MyAccountOptions) {
  async function changePassword(ctx: Context, account: string, audit: SignedIn['audit']) {
    const form = await readFormBody(ctx.req)
    const current = form.get('current') ?? ''
    const password = form.get('password') ?? ''
    if (!current || !password) throw new AccountRefusal(400, 'Send your current password as current and the new one as password.')
    const outcome = await checkSignIn(account, current, ctx.ip)
    if (!outcome.ok) {
      audit('password-change-failed', { reason: outcome.reason })
      if (outcome.reason === 'throttled') {
        const seconds = Math.max(1, Math.ceil((outcome.retryAt - now()) / 1000))
        ctx.set('Retry-After', String(seconds))
        throw new AccountRefusal(429, `Too many wrong passwords: try again in ${seconds} seconds. Nothing was changed.`)
      }
      throw new AccountRefusal(403, 'That is not your current password. Nothing was changed.')
    }
    const problem = passwordProblem(password, account)
    if (problem) throw new AccountRefusal(400, `${problem} Nothing was changed.`)
    const hash = await hashPassword(password, scryptCost)
    await updateAccounts(accountsFile, (all) => {
      if (!Object.hasOwn(all, account)) throw new AccountRefusal(404, 'Your account has been removed.')
      return { accounts: { ...all, [account]: { ...all[account]!, password: hash, changedAt: new Date(now()).toISOString() } }, result: undefined }
    })
    // changedAt ends every session begun before, this one too: it goes on under a new id.
    await sessions.endAll(account)
    const id = await sessions.start(account)
    setEditorCookie(ctx, SESSION_COOKIE, id)
    audit('password-change', {})
    return { csrfToken: tokenFor(await store.signingKey(), 'session', id) }
  }

  async function changeEmail(ctx: Context, account: string, audit: SignedIn['audit']) {
    const email = emailFrom((await readFormBody(ctx.req)).get('email'))
    await updateAccounts(accountsFile, (all) => {
      if (!Object.hasOwn(all, account)) throw new AccountRefusal(404, 'Your account has been removed.')
      return { accounts: { ...all, [account]: withEmail(all[account]!, email) }, result: undefined }
    })
    audit('email-change', { email: email ? 'set' : 'cleared' })
    return { email: email ?? null }
  }

  /** Answers a request of My account; false for any other address. */
  return async function myAccountApi(ctx: Context): Promise<boolean> {
    if (ctx.path !== MY_ACCOUNT && !ctx.path.startsWith(`${MY_ACCOUNT}/`)) return false
    const { editorSession, audit } = ctx.state as SignedIn
    const account = editorSession.account
    try {
      if (ctx.path === MY_ACCOUNT) {
        const mine = (await accounts())[account]
        ctx.body = { account, email: mine?.email ?? null, changedAt: mine?.changedAt, sessions: await sessions.of(account, ctx.cookies.get(SESSION_COOKIE)) }
      } else if (ctx.path === `${MY_ACCOUNT}/password`) ctx.body = await changePassword(ctx, account, audit)
      else if (ctx.path === `${MY_ACCOUNT}/email`) ctx.body = await changeEmail(ctx, account, audit)
      else if (ctx.path === `${MY_ACCOUNT}/sign-out-others`) {
        const ended = await sessions.endAll(account, ctx.cookies.get(SESSION_COOKIE))
        audit('sign-out-others', { sessionsEnded: String(ended) })
        ctx.body = { sessionsEnded: ended }
      } else return false
    } catch (error) {
      if (!(error instanceof AccountRefusal)) throw error
      ctx.status = error.status
      ctx.body = { error: 'refused', message: error.message }
    }
    return true
  }
}
