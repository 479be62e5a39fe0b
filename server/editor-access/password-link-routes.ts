import { randomBytes } from 'node:crypto'
import type { Context } from 'koa'
import type { AccessStore } from './access-store.ts'
import { updateAccounts, type EditorAccounts } from './accounts-file.ts'
import type { AuditLog } from './editor-audit.ts'
import { EDITOR_PATH, SESSION_COOKIE, SIGN_IN_COOKIE, setEditorCookie } from './editor-cookies.ts'
import { linkRefusedPage, setPasswordPage } from './editor-pages.ts'
import type { createEditorSessions } from './editor-sessions.ts'
import { hashPassword, type ScryptCost } from './password-hash.ts'
import { accountOfToken, PASSWORD_LINK_PATH } from './password-links.ts'
import { passwordProblem } from './password-rules.ts'
import { readFormBody } from './read-form-body.ts'
import { tokenFor, tokensMatch } from './request-origin.ts'

interface PasswordLinkRoutesOptions {
  accountsFile: string
  accounts: () => Promise<EditorAccounts>
  store: AccessStore
  sessions: ReturnType<typeof createEditorSessions>
  audit: AuditLog
  scryptCost: ScryptCost
  now: () => number
}

/**
 * The page a one-time link opens (an invitation or a reset, password-links.ts), and its form: the
 * new password, checked by the rules of the command line, set once, and the person signed in. The
 * account is the token's alone; the form's name field is for the browser's password manager.
 */
export function passwordLinkRoutes({ accountsFile, accounts, store, sessions, audit, scryptCost, now }: PasswordLinkRoutesOptions) {
  async function formToken(ctx: Context): Promise<string> {
    let value = ctx.cookies.get(SIGN_IN_COOKIE)
    if (!value || value.length > 100) {
      value = randomBytes(32).toString('base64url')
      setEditorCookie(ctx, SIGN_IN_COOKIE, value)
    }
    return tokenFor(await store.signingKey(), 'sign-in', value)
  }

  async function show(ctx: Context, token: string, status = 200, problem?: string) {
    const found = accountOfToken(await accounts(), token, now())
    ctx.type = 'html'
    if (!found.ok) {
      ctx.status = 410
      ctx.body = linkRefusedPage(found.problem)
      return
    }
    ctx.status = status
    ctx.body = setPasswordPage({ csrfToken: await formToken(ctx), token, account: found.account, kind: found.kind, ...(problem ? { problem } : {}) })
  }

  async function set(ctx: Context) {
    const form = await readFormBody(ctx.req)
    const token = form.get('token') ?? ''
    const cookie = ctx.cookies.get(SIGN_IN_COOKIE)
    if (!cookie || !tokensMatch(form.get('csrf') ?? undefined, tokenFor(await store.signingKey(), 'sign-in', cookie)))
      return show(ctx, token, 403, 'This form has expired or did not come from this site. Please enter the password again.')
    const password = form.get('password') ?? ''
    if (password !== (form.get('confirm') ?? '')) return show(ctx, token, 400, 'The two passwords differ. Type the same password twice.')
    const found = accountOfToken(await accounts(), token, now())
    if (!found.ok) return show(ctx, token)
    const problem = passwordProblem(password, found.account)
    if (problem) return show(ctx, token, 400, problem)
    const hash = await hashPassword(password, scryptCost)
    // Looked up again inside the change: of two forms sent with one link, only the first sets a password.
    const set = await updateAccounts(accountsFile, (current) => {
      const still = accountOfToken(current, token, now())
      if (!still.ok || still.account !== found.account) return { result: false }
      const { passwordLink: _used, ...account } = current[found.account]!
      return { accounts: { ...current, [found.account]: { ...account, password: hash, changedAt: new Date(now()).toISOString() } }, result: true }
    })
    if (!set) return show(ctx, token)
    audit(ctx, 'password-set-by-link', found.account, { kind: found.kind })
    setEditorCookie(ctx, SESSION_COOKIE, await sessions.start(found.account))
    setEditorCookie(ctx, SIGN_IN_COOKIE, null)
    audit(ctx, 'sign-in', found.account, { by: 'password-link' })
    ctx.status = 303
    ctx.redirect(EDITOR_PATH)
  }

  return {
    /** Answers the link's page and its form; false for any other address. */
    async answer(ctx: Context): Promise<boolean> {
      if (ctx.path !== PASSWORD_LINK_PATH) return false
      if (ctx.method === 'POST') await set(ctx)
      else await show(ctx, typeof ctx.query.token === 'string' ? ctx.query.token : '')
      return true
    },
  }
}
