import { randomBytes } from 'node:crypto'
import type { Context } from 'koa'
import type { AccessStore } from './access-store.ts'
import type { AuditLog } from './editor-audit.ts'
import { EDITOR_PATH, SESSION_COOKIE, SIGN_IN_COOKIE, setEditorCookie } from './editor-cookies.ts'
import { signInPage } from './editor-pages.ts'
import { SIGN_IN_PAGE_HEADERS } from './editor-headers.ts'
import type { createEditorSessions } from './editor-sessions.ts'
import { readFormBody } from './read-form-body.ts'
import { tokenFor, tokensMatch } from './request-origin.ts'
import type { createSignInCheck } from './sign-in-check.ts'
import type { ThrottledBy } from './sign-in-throttle.ts'

export const SIGN_IN_PATH = `${EDITOR_PATH}/sign-in`
export const SIGN_OUT_PATH = `${EDITOR_PATH}/sign-out`

/**
 * Where to go after signing in: a path of the editor on this site, or the editor's front page.
 * Never another site: `//evil.example`, `https://…` and `/\evil.example` all resolve elsewhere.
 */
function safeNext(raw: unknown): string {
  // A backslash or a control character is read as a slash or dropped by browsers: `/\evil.example` is another site.
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || /[\\\s\p{Cc}]/u.test(raw)) return EDITOR_PATH
  const base = 'http://editor.invalid'
  const resolved = new URL(raw, base)
  if (resolved.origin !== base || !(resolved.pathname === EDITOR_PATH || resolved.pathname.startsWith(`${EDITOR_PATH}/`))) return EDITOR_PATH
  return `${resolved.pathname}${resolved.search}`
}

interface SignInRoutesOptions {
  store: AccessStore
  sessions: ReturnType<typeof createEditorSessions>
  checkSignIn: ReturnType<typeof createSignInCheck>
  audit: AuditLog
  now: () => number
  /** What follows a right password (second-factors/second-factor-routes.ts): the second factor, or the session. */
  afterPassword?: (ctx: Context, account: string, next: string) => Promise<void>
  /** Whether the sign-in page offers passkeys. */
  passkeys?: boolean
}

const WRONG = 'That account name and password do not match an editor account.'
const DISABLED = 'This account has been disabled. Ask an admin of the site to enable it again.'
const THROTTLED: Record<ThrottledBy, string> = {
  'account-from-address': 'Too many failed sign-ins for this account name from your network.',
  address: 'Too many failed sign-ins from your network.',
}

/** A wait as a person says it: seconds under a minute; minutes, and the time of day, beyond. */
function waitInWords(seconds: number, retryAt: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'} (after ${new Date(retryAt).toISOString().slice(11, 16)} UTC)`
}

export function signInRoutes({ store, sessions, checkSignIn, audit, now, afterPassword, passkeys = false }: SignInRoutesOptions) {
  /** The form, with a token bound to this browser's sign-in cookie (made now when it has none). */
  async function showForm(ctx: Context, status: number, next: string, problem?: string, account?: string) {
    let value = ctx.cookies.get(SIGN_IN_COOKIE)
    if (!value || value.length > 100) {
      value = randomBytes(32).toString('base64url')
      setEditorCookie(ctx, SIGN_IN_COOKIE, value)
    }
    const csrfToken = tokenFor(await store.signingKey(), 'sign-in', value)
    ctx.status = status
    ctx.type = 'html'
    ctx.body = signInPage({ csrfToken, next, passkeys, ...(problem ? { problem } : {}), ...(account ? { account } : {}) })
    if (passkeys) ctx.state.ownHeaders = SIGN_IN_PAGE_HEADERS
  }

  async function signIn(ctx: Context) {
    const form = await readFormBody(ctx.req)
    const next = safeNext(form.get('next'))
    const signInValue = ctx.cookies.get(SIGN_IN_COOKIE)
    const expected = signInValue ? tokenFor(await store.signingKey(), 'sign-in', signInValue) : undefined
    if (!expected || !tokensMatch(form.get('csrf') ?? undefined, expected))
      return showForm(ctx, 403, next, 'This sign-in form has expired or did not come from this site. Please sign in again.')
    const name = form.get('account') ?? ''
    const password = form.get('password') ?? ''
    if (!name.trim() || !password) return showForm(ctx, 400, next, 'Enter your account name and your password.', name)

    const outcome = await checkSignIn(name, password, ctx.ip)
    if (!outcome.ok) {
      if (outcome.reason === 'throttled') {
        // Answered at once, its password unchecked and not counted: waiting out the time is all it takes.
        const seconds = Math.max(1, Math.ceil((outcome.retryAt - now()) / 1000))
        audit(ctx, 'sign-in-failed', outcome.account, { reason: outcome.reason, because: outcome.because, retryAfterSeconds: seconds })
        ctx.set('Retry-After', String(seconds))
        return showForm(ctx, 429, next, `${THROTTLED[outcome.because]} Try again in ${waitInWords(seconds, outcome.retryAt)}.`, name)
      }
      audit(ctx, 'sign-in-failed', outcome.account, { reason: outcome.reason })
      return showForm(ctx, 401, next, outcome.reason === 'disabled' ? DISABLED : WRONG, name)
    }

    if (afterPassword) return afterPassword(ctx, outcome.account, next)
    return beginSession(ctx, outcome.account, next, 'password')
  }

  /** The sign-in is complete (`method`: what proved it): a session starts and the browser goes on to `next`. */
  async function beginSession(ctx: Context, account: string, next: string, method: string) {
    // A new id at every sign-in: an id planted or seen before signing in is worth nothing after.
    const previous = ctx.cookies.get(SESSION_COOKIE)
    if (previous) await sessions.end(previous)
    setEditorCookie(ctx, SESSION_COOKIE, await sessions.start(account))
    setEditorCookie(ctx, SIGN_IN_COOKIE, null)
    audit(ctx, 'sign-in', account, { method })
    ctx.status = 303
    ctx.redirect(next)
  }

  async function signOut(ctx: Context) {
    const form = await readFormBody(ctx.req)
    const id = ctx.cookies.get(SESSION_COOKIE)
    const account = id ? (await sessions.resume(id))?.account : undefined
    if (id && account) {
      if (!tokensMatch(form.get('csrf') ?? undefined, tokenFor(await store.signingKey(), 'session', id))) {
        ctx.status = 403
        ctx.body = 'This sign-out did not come from the editor: you are still signed in.'
        return
      }
      await sessions.end(id)
      audit(ctx, 'sign-out', account)
    }
    setEditorCookie(ctx, SESSION_COOKIE, null)
    ctx.status = 303
    ctx.redirect(SIGN_IN_PATH)
  }

  return { showForm: (ctx: Context) => showForm(ctx, 200, safeNext(ctx.query.next)), signIn, signOut, beginSession, safeNext }
}
