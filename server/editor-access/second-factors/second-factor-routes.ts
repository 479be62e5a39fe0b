import { randomBytes } from 'node:crypto'
import type { Context } from 'koa'
import { storedSessionKey, type AccessStore } from '../access-store.ts'
import type { EditorAccounts } from '../accounts-file.ts'
import type { AuditLog } from '../editor-audit.ts'
import { EDITOR_PATH, SIGN_IN_COOKIE, setEditorCookie } from '../editor-cookies.ts'
import { SIGN_IN_PAGE_HEADERS } from '../editor-headers.ts'
import { readFormBody, readJsonBody } from '../read-form-body.ts'
import { tokenFor, tokensMatch } from '../request-origin.ts'
import type { createSignInThrottle } from '../sign-in-throttle.ts'
import { hasSecondFactor } from './account-factors.ts'
import type { CodeCheck } from './code-check.ts'
import type { FactorRecords } from './factor-records.ts'
import type { FactorStore } from './factor-store.ts'
import { PASSKEY_SCRIPT, webauthnBrowserBundle } from './passkey-sign-in-script.ts'
import { challengeOf, type Passkeys } from './passkeys.ts'
import { secondFactorPage } from './second-factor-page.ts'

/** The half-signed-in state: the password was right, the second factor is still to come. Its own random value, HttpOnly. */
const SECOND_FACTOR_COOKIE = 'editor_second_factor'
/** Long enough to open an app and type a code; a session starts only after it. */
const PENDING_KEEP_MS = 5 * 60_000

const SECOND_FACTOR_PATH = `${EDITOR_PATH}/sign-in/second-factor`
const PASSKEY_OPTIONS_PATH = `${EDITOR_PATH}/sign-in/passkey-options`
const PASSKEY_PATH = `${EDITOR_PATH}/sign-in/passkey`
const SCRIPTS: Record<string, () => string | Buffer> = {
  [`${EDITOR_PATH}/sign-in/passkey.js`]: () => PASSKEY_SCRIPT,
  [`${EDITOR_PATH}/sign-in/webauthn.js`]: webauthnBrowserBundle,
}

const WRONG_CODE = 'That code is not right, or was already used. Type the newest code your app shows, or one of your recovery codes.'
const EXPIRED = 'Your sign-in took too long or did not come from this browser. Please sign in again.'

interface Pending {
  account: string
  next: string
}

interface SecondFactorRoutesOptions {
  store: AccessStore
  factorStore: FactorStore
  accounts: () => Promise<EditorAccounts>
  records: FactorRecords
  checkCode: CodeCheck
  passkeys: Passkeys | undefined
  throttle: ReturnType<typeof createSignInThrottle>
  audit: AuditLog
  now: () => number
  beginSession(ctx: Context, account: string, next: string, method: string): Promise<void>
  safeNext(raw: unknown): string
}

/**
 * The second step of signing in, and passkeys: after the right password, an account with a second
 * factor is asked for it on a page of its own, bound to this browser by a short-lived cookie;
 * a passkey signs in alone from the sign-in page (it is both factors: the key and the unlock).
 */
export function secondFactorRoutes(options: SecondFactorRoutesOptions) {
  const { store, factorStore, accounts, records, checkCode, passkeys, throttle, audit, now, beginSession } = options
  const pendingKey = (value: string) => `pending:${storedSessionKey(value)}`
  const readPending = async (ctx: Context): Promise<(Pending & { value: string }) | undefined> => {
    const value = ctx.cookies.get(SECOND_FACTOR_COOKIE)
    if (!value || value.length > 100) return undefined
    const stored = await factorStore.get(pendingKey(value))
    return stored ? { ...(JSON.parse(stored) as Pending), value } : undefined
  }
  const signingKey = () => store.signingKey()

  async function afterPassword(ctx: Context, account: string, next: string) {
    const record = (await accounts())[account]
    if (!hasSecondFactor(record?.factors)) return beginSession(ctx, account, next, 'password')
    const value = randomBytes(32).toString('base64url')
    await factorStore.put(pendingKey(value), JSON.stringify({ account, next } satisfies Pending), PENDING_KEEP_MS)
    setEditorCookie(ctx, SECOND_FACTOR_COOKIE, value)
    audit(ctx, 'password-accepted', account, { waitingFor: 'second-factor' })
    ctx.status = 303
    ctx.redirect(SECOND_FACTOR_PATH)
  }

  async function showPage(ctx: Context, status: number, pending: Pending & { value: string }, problem?: string) {
    const record = (await accounts())[pending.account]
    ctx.status = status
    ctx.type = 'html'
    ctx.state.ownHeaders = SIGN_IN_PAGE_HEADERS
    ctx.body = secondFactorPage({
      csrfToken: tokenFor(await signingKey(), 'sign-in', pending.value),
      account: pending.account,
      passkey: passkeys !== undefined && (record?.factors?.passkeys?.length ?? 0) > 0,
      ...(problem ? { problem } : {}),
    })
  }

  const backToSignIn = (ctx: Context) => {
    setEditorCookie(ctx, SECOND_FACTOR_COOKIE, null)
    ctx.status = 303
    ctx.redirect(`${EDITOR_PATH}/sign-in`)
  }

  async function finish(ctx: Context, pending: (Pending & { value: string }) | undefined, account: string, next: string, method: string) {
    if (pending) await factorStore.delete(pendingKey(pending.value))
    setEditorCookie(ctx, SECOND_FACTOR_COOKIE, null)
    await beginSession(ctx, account, next, method)
  }

  async function postCode(ctx: Context) {
    const form = await readFormBody(ctx.req)
    const pending = await readPending(ctx)
    if (!pending || !tokensMatch(form.get('csrf') ?? undefined, tokenFor(await signingKey(), 'sign-in', pending.value))) return backToSignIn(ctx)
    const record = (await accounts())[pending.account]
    if (!record || record.disabled) return backToSignIn(ctx)
    const outcome = await checkCode(pending.account, record.factors, form.get('code') ?? '', ctx.ip)
    if (!outcome.ok) {
      audit(ctx, 'sign-in-failed', pending.account, { step: 'second-factor', reason: outcome.reason })
      if (outcome.reason === 'throttled') {
        const seconds = Math.max(1, Math.ceil((outcome.retryAt - now()) / 1000))
        ctx.set('Retry-After', String(seconds))
        return showPage(ctx, 429, pending, `Too many wrong codes for this account from your network. Try again in ${seconds} seconds.`)
      }
      return showPage(ctx, 401, pending, WRONG_CODE)
    }
    await finish(ctx, pending, pending.account, pending.next, `password+${outcome.method}`)
  }

  /** The cookie a passkey's challenge is bound to: the second step's when there is one, else the sign-in page's. */
  const bindingOf = async (ctx: Context) => {
    const pending = await readPending(ctx)
    const value = pending?.value ?? ctx.cookies.get(SIGN_IN_COOKIE)
    if (!value || !tokensMatch(ctx.get('X-CSRF-Token') || undefined, tokenFor(await signingKey(), 'sign-in', value))) return undefined
    return { value, pending }
  }

  const answer = (ctx: Context, status: number, body: object) => {
    ctx.status = status
    ctx.body = body
  }

  async function passkeyOptions(ctx: Context) {
    const binding = await bindingOf(ctx)
    if (!passkeys) return answer(ctx, 404, { error: 'passkeys_off', message: 'Passkeys are not set up on this site.' })
    if (!binding) return answer(ctx, 403, { error: 'csrf_token', message: EXPIRED })
    answer(ctx, 200, await passkeys.signInOptions(storedSessionKey(binding.value)))
  }

  async function passkeySignIn(ctx: Context) {
    const body = (await readJsonBody(ctx.req)) as { response?: unknown; next?: unknown } | undefined
    const binding = await bindingOf(ctx)
    if (!passkeys) return answer(ctx, 404, { error: 'passkeys_off', message: 'Passkeys are not set up on this site.' })
    if (!binding) return answer(ctx, 403, { error: 'csrf_token', message: EXPIRED })
    const refuse = (reason: string, message: string) => {
      audit(ctx, 'sign-in-failed', binding.pending?.account ?? '', { method: 'passkey', reason })
      answer(ctx, 401, { error: 'passkey', message })
    }
    // Not the shape of an answer: refused before any counting or checking, as it costs nothing to refuse.
    if (!challengeOf(body?.response)) return refuse('not-an-answer', 'That is not a passkey’s answer.')
    const claimed = binding.pending?.account ?? '\0passkey'
    const turn = await throttle.begin(claimed, ctx.ip)
    if (!turn.allowed) return answer(ctx, 429, { error: 'throttled', message: 'Too many failed sign-ins from your network. Wait a few minutes and try again.' })
    const outcome = await passkeys.verifySignIn(storedSessionKey(binding.value), body?.response, await accounts(), new Date())
    if (!outcome.ok) return refuse('passkey-refused', outcome.problem)
    const { account, passkey } = outcome.value
    if (binding.pending && account !== binding.pending.account) return refuse('other-account', 'That passkey belongs to another account.')
    const record = (await accounts())[account]
    if (!record || record.disabled) return refuse('disabled', 'This account has been disabled. Ask an admin of the site to enable it again.')
    await throttle.succeeded(claimed, ctx.ip)
    await records(account, (factors) => ({ ...factors, passkeys: (factors.passkeys ?? []).map((kept) => (kept.id === passkey.id ? passkey : kept)) }))
    const next = binding.pending?.next ?? options.safeNext(body?.next)
    await finish(ctx, binding.pending, account, next, binding.pending ? 'password+passkey' : 'passkey')
    ctx.remove('Location')
    answer(ctx, 200, { next })
  }

  /** Answers the second step's and the passkeys' addresses; false for any other. */
  async function routes(ctx: Context): Promise<boolean> {
    const script = SCRIPTS[ctx.path]
    if (script && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      ctx.type = 'application/javascript'
      ctx.body = script()
      return true
    }
    if (ctx.path === SECOND_FACTOR_PATH) {
      if (ctx.method === 'POST') await postCode(ctx)
      else {
        const pending = await readPending(ctx)
        if (pending) await showPage(ctx, 200, pending)
        else backToSignIn(ctx)
      }
      return true
    }
    if (ctx.method !== 'POST') return false
    if (ctx.path === PASSKEY_OPTIONS_PATH) await passkeyOptions(ctx)
    else if (ctx.path === PASSKEY_PATH) await passkeySignIn(ctx)
    else return false
    return true
  }

  return { routes, afterPassword }
}
