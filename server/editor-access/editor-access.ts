import type { Context, Middleware, Next } from 'koa'
import { StoreUnavailableError } from '../queue/store-errors.ts'
import type { Logger } from '../../ground/log.ts'
import type { Role } from '../../site/editor-roles.ts'
import { routeRefusal } from '../../editor/api-permissions.ts'
import { createMemoryAccessStore, type AccessStore } from './access-store.ts'
import { accountsOnDisk, policyOnDisk } from './accounts-file.ts'
import type { AuditTrail } from './audit-trail.ts'
import { createAuditLog } from './editor-audit.ts'
import { EDITOR_PATH, SESSION_COOKIE, setEditorCookie } from './editor-cookies.ts'
import { EDITOR_HEADERS } from './editor-headers.ts'
import { signedInPage } from './editor-pages.ts'
import { createEditorSessions, type SessionTimes } from './editor-sessions.ts'
import { DEFAULT_SCRYPT_COST, type ScryptCost } from './password-hash.ts'
import { FormBodyTooLarge } from './read-form-body.ts'
import { fromOwnOrigin, tokenFor, tokensMatch } from './request-origin.ts'
import { createFailureFileStore } from './failure-file-store.ts'
import type { FailureStore } from './failure-store.ts'
import { createSignInCheck } from './sign-in-check.ts'
import { accountRoutes } from './account-routes.ts'
import { myAccountRoutes } from './my-account-routes.ts'
import { passwordLinkRoutes } from './password-link-routes.ts'
import { createSignInThrottle, DEFAULT_SIGN_IN_THROTTLE, type SignInThrottleRules } from './sign-in-throttle.ts'
import { SIGN_IN_PATH, SIGN_OUT_PATH, signInRoutes } from './sign-in-routes.ts'
import { mustAddSecondFactor } from './second-factors/account-factors.ts'
import { createCodeCheck } from './second-factors/code-check.ts'
import { factorRecords } from './second-factors/factor-records.ts'
import { createMemoryFactorStore, type FactorStore } from './second-factors/factor-store.ts'
import { passkeys } from './second-factors/passkeys.ts'
import { secondFactorRoutes } from './second-factors/second-factor-routes.ts'
import { secretBox } from './second-factors/secret-box.ts'
import { securityApi } from './second-factors/security-api.ts'

export interface EditorAccessOptions {
  log: Logger
  /** EDITOR_ACCOUNTS_FILE: the accounts `npm run editor:user` keeps. */
  accountsFile: string
  sessionTimes: SessionTimes
  /** EDITOR_PASSWORD_LINK_HOURS: how long an invitation's or a reset's one-time link is valid. */
  passwordLinkHours: number
  /** Sessions; in this process unless given (Redis: createRedisAccessStore). */
  store?: AccessStore
  /** Failed sign-ins; in this process unless given (a file: createFailureFileStore; Redis: createRedisFailureStore). */
  failures?: FailureStore
  throttle?: SignInThrottleRules
  /** The cost of the hash an unknown name is checked against: that of the accounts. */
  scryptCost?: ScryptCost
  /** Where audit events are kept besides the log (audit-file-trail.ts, redis-audit-trail.ts); the log only without it. */
  auditTrail?: AuditTrail
  /** The clock of sessions, the throttle and audit lines (a test moves it). */
  now?: () => number
  /**
   * What answers under /_editor once a request is signed in (the editor's pages, assets and API;
   * the session is in `ctx.state.editorSession`); without it, a placeholder page at /_editor.
   * `GET /_editor/api/session` is answered here either way.
   */
  editor?: Middleware
  /** Second factors: passkeys need the editor's address, authenticator apps the key their secrets are sealed with. */
  secondFactors?: SecondFactorSettings
  /** Passkey challenges and codes used; in this process unless given (Redis: createRedisFactorStore). */
  factorStore?: FactorStore
}

export interface SecondFactorSettings {
  /** EDITOR_ORIGIN: the address the editor is opened at (`https://www.example.com`); unset, no passkeys. */
  origin?: string
  /** EDITOR_FACTORS_KEY: seals the authenticator apps' secrets; unset, no app codes. */
  factorsKey?: string
  /** What a passkey and an app name the site by. */
  siteName?: string
}

/** Where an account the policy asks for a second factor it lacks is taken: the editor's page, showing only its "Sign-in security" screen. */
const SECURITY_PAGE = `${EDITOR_PATH}/security`

/** Who is signed in, for the editor's pages and API behind requireSession (`ctx.state.editorSession`). */
interface EditorSession {
  account: string
  /** What the account may do (site/editor-roles.ts), as its account says now. */
  role: Role
  /** Send back in `X-CSRF-Token` with every change. */
  csrfToken: string
}

/**
 * A signed-in request's audit line (`ctx.state.audit`): the editor's own events (publish, rollback,
 * restore) are written by the account and from the address of the request they happen in.
 */
type RequestAudit = (event: string, details: Record<string, string>) => void

export interface EditorAccess {
  /**
   * Everything under /_editor: the sign-in page, sign-in, sign-out, and requireSession in front of
   * every other address, which then goes on to what is mounted after (the editor), or to the
   * placeholder page at /_editor and `GET /_editor/api/session` here.
   */
  routes: Middleware
  /** Lets a request through only with a live session; and a change only from this site with its CSRF token. */
  requireSession: Middleware
  /** The signed-in request's CSRF token, for a page to hand to its scripts. */
  csrfToken(ctx: Context): string
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const API_PREFIX = `${EDITOR_PATH}/api/`
const SESSION_API = `${API_PREFIX}session`

const isEditorPath = (path: string) => path === EDITOR_PATH || path.startsWith(`${EDITOR_PATH}/`)

/** A refusal in the shape the caller reads: JSON for the API, words for a page. */
function refuse(ctx: Context, status: number, error: string, message: string) {
  ctx.status = status
  ctx.body = ctx.path.startsWith(API_PREFIX) ? { error, message } : message
}

export function editorAccess(options: EditorAccessOptions): EditorAccess {
  const now = options.now ?? Date.now
  const store = options.store ?? createMemoryAccessStore(now)
  const accounts = accountsOnDisk(options.accountsFile)
  const audit = createAuditLog(options.log, now, options.auditTrail)
  const sessions = createEditorSessions({ store, accounts, times: options.sessionTimes, now })
  const throttle = createSignInThrottle({ store: options.failures ?? createFailureFileStore({ now }), rules: options.throttle ?? DEFAULT_SIGN_IN_THROTTLE, now })
  const checkSignIn = createSignInCheck({ accounts, throttle, scryptCost: options.scryptCost ?? DEFAULT_SCRYPT_COST })
  const factorSettings = options.secondFactors ?? {}
  const factorStore = options.factorStore ?? createMemoryFactorStore(now)
  const records = factorRecords(options.accountsFile)
  const box = factorSettings.factorsKey ? secretBox(factorSettings.factorsKey) : undefined
  const siteName = factorSettings.siteName ?? 'Site editor'
  const keys = factorSettings.origin ? passkeys({ origin: factorSettings.origin, store: factorStore, siteName }) : undefined
  const policy = policyOnDisk(options.accountsFile)
  const checkCode = createCodeCheck({ throttle, store: factorStore, box, records, now })
  const signIn = signInRoutes({
    store,
    sessions,
    checkSignIn,
    audit,
    now,
    passkeys: keys !== undefined,
    afterPassword: (ctx, account, next) => secondStep.afterPassword(ctx, account, next),
  })
  const secondStep = secondFactorRoutes({
    store,
    factorStore,
    accounts,
    records,
    checkCode,
    passkeys: keys,
    throttle,
    audit,
    now,
    beginSession: signIn.beginSession,
    safeNext: signIn.safeNext,
  })
  const security = securityApi({ accountsFile: options.accountsFile, accounts, records, store: factorStore, passkeys: keys, box, checkSignIn, siteName, now })
  /** The policy asks this account for a second factor it has not added yet: nothing but adding one until it has. */
  const mustAddFactor = async (account: string, role: Role) => mustAddSecondFactor(await policy(), role, (await accounts())[account]?.factors)
  const scryptCost = options.scryptCost ?? DEFAULT_SCRYPT_COST
  const passwordLinks = passwordLinkRoutes({ accountsFile: options.accountsFile, accounts, store, sessions, audit, scryptCost, now })
  const accountApi = accountRoutes({ accountsFile: options.accountsFile, accounts, sessions, linkHours: options.passwordLinkHours, now })
  const myAccountApi = myAccountRoutes({ accountsFile: options.accountsFile, accounts, store, sessions, checkSignIn, scryptCost, now })

  const requireSession: Middleware = async (ctx, next) => {
    ctx.state.ownHeaders = EDITOR_HEADERS
    const id = ctx.cookies.get(SESSION_COOKIE)
    const signedIn = id ? await sessions.resume(id, ctx.ip) : undefined
    if (!id || !signedIn) {
      if (id) setEditorCookie(ctx, SESSION_COOKIE, null)
      if (ctx.path.startsWith(API_PREFIX) || !SAFE_METHODS.has(ctx.method)) return refuse(ctx, 401, 'not_signed_in', 'Sign in to the editor first.')
      ctx.status = 303
      return ctx.redirect(`${SIGN_IN_PATH}?next=${encodeURIComponent(ctx.originalUrl)}`)
    }
    const { account, role } = signedIn
    const session: EditorSession = { account, role, csrfToken: tokenFor(await store.signingKey(), 'session', id) }
    ctx.state.editorSession = session
    ctx.state.audit = ((event, details) => audit(ctx, event, account, details)) satisfies RequestAudit
    if (!SAFE_METHODS.has(ctx.method)) {
      if (!fromOwnOrigin(ctx)) return refuse(ctx, 403, 'cross_origin', 'Changes are taken only from the editor on this site.')
      if (!tokensMatch(ctx.get('X-CSRF-Token') || undefined, session.csrfToken))
        return refuse(ctx, 403, 'csrf_token', 'The X-CSRF-Token header is missing or wrong; reload the editor.')
    }
    await next()
  }

  const csrfToken = (ctx: Context) => {
    const session = ctx.state.editorSession as EditorSession | undefined
    if (!session) throw new Error('csrfToken(ctx) is for requests that went through requireSession')
    return session.csrfToken
  }

  /** Behind the session: who is signed in, then the editor (or the placeholder page until one is given). */
  const signedIn = async (ctx: Context, next: Next) => {
    const { account, role, csrfToken: token } = ctx.state.editorSession as EditorSession
    if (ctx.path.startsWith(API_PREFIX)) {
      // Before any handler: the role the table asks of this route (a route not in it is refused).
      const refusal = routeRefusal(ctx.method, ctx.path.slice(API_PREFIX.length), role)
      if (refusal) {
        if (refusal.allow) ctx.set('Allow', refusal.allow)
        return refuse(ctx, refusal.status, refusal.error, refusal.message)
      }
    }
    const mustAdd = await mustAddFactor(account, role)
    if (ctx.path === SESSION_API && SAFE_METHODS.has(ctx.method)) ctx.body = { account, role, csrfToken: token, ...(mustAdd ? { mustAddSecondFactor: true } : {}) }
    else if (await security(ctx, { account, role, audit: ctx.state.audit as RequestAudit })) return
    else if (mustAdd && ctx.path.startsWith(API_PREFIX)) refuse(ctx, 403, 'second_factor_required', 'Add a passkey or an authenticator app first: this site asks it of your role.')
    else if (mustAdd && SAFE_METHODS.has(ctx.method) && ctx.path !== SECURITY_PAGE && !ctx.path.startsWith(`${EDITOR_PATH}/assets/`)) {
      ctx.status = 303
      ctx.redirect(SECURITY_PAGE)
    } else if ((await accountApi(ctx)) || (await myAccountApi(ctx))) return
    else if (options.editor) await options.editor(ctx, next)
    else if ((ctx.path === EDITOR_PATH || ctx.path === `${EDITOR_PATH}/`) && SAFE_METHODS.has(ctx.method)) {
      ctx.type = 'html'
      ctx.body = signedInPage({ account, csrfToken: token })
    } else await next()
  }

  const routes: Middleware = async (ctx, next) => {
    if (!isEditorPath(ctx.path)) return next()
    ctx.state.ownHeaders = EDITOR_HEADERS
    try {
      // Every change under /_editor, signing in included, must come from this site's own pages.
      if (!SAFE_METHODS.has(ctx.method) && !fromOwnOrigin(ctx)) return refuse(ctx, 403, 'cross_origin', 'Changes are taken only from the editor on this site.')
      if (ctx.path === SIGN_IN_PATH) {
        if (ctx.method === 'POST') return await signIn.signIn(ctx)
        if (SAFE_METHODS.has(ctx.method)) return await signIn.showForm(ctx)
      } else if (ctx.path === SIGN_OUT_PATH && ctx.method === 'POST') return await signIn.signOut(ctx)
      else if (await secondStep.routes(ctx)) return
      if ((ctx.method === 'POST' || SAFE_METHODS.has(ctx.method)) && (await passwordLinks.answer(ctx))) return
      await requireSession(ctx, () => signedIn(ctx, next))
    } catch (error) {
      if (error instanceof FormBodyTooLarge) return refuse(ctx, 413, 'body_too_large', 'That request is far larger than a sign-in.')
      if (!(error instanceof StoreUnavailableError)) throw error
      ctx.set('Retry-After', '30')
      refuse(ctx, 503, 'store_unavailable', 'Sign-in is briefly unavailable (the session store does not answer). Please try again in a minute.')
    }
  }

  return { routes, requireSession, csrfToken }
}
