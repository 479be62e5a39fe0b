import type { Context } from 'koa'
import { roleAllows, type Role } from '../../../site/editor-roles.ts'
import { policyOnDisk, writePolicy, type EditorAccounts } from '../accounts-file.ts'
import { EDITOR_PATH } from '../editor-cookies.ts'
import { readJsonBody } from '../read-form-body.ts'
import type { createSignInCheck } from '../sign-in-check.ts'
import { hasSecondFactor, mustAddSecondFactor } from './account-factors.ts'
import { appCodeStep, appEnrollment, newAppSecret } from './app-codes.ts'
import type { FactorRecords } from './factor-records.ts'
import type { FactorStore } from './factor-store.ts'
import type { Passkeys } from './passkeys.ts'
import { newRecoveryCodes } from './recovery-codes.ts'
import type { SecretBox } from './secret-box.ts'

const SECURITY_API = `${EDITOR_PATH}/api/sign-in-security`
/** Time to scan the code and type the first one; the secret is kept unconfirmed, server-side, until then. */
const NEW_APP_KEEP_MS = 10 * 60_000
const NAME_LIMIT = 60

interface SecurityApiOptions {
  accountsFile: string
  accounts: () => Promise<EditorAccounts>
  records: FactorRecords
  store: FactorStore
  passkeys: Passkeys | undefined
  box: SecretBox | undefined
  checkSignIn: ReturnType<typeof createSignInCheck>
  /** The issuer an authenticator app lists the code under. */
  siteName: string
  now: () => number
}

type Audit = (event: string, details: Record<string, string>) => void
interface Caller {
  account: string
  role: Role
  audit: Audit
}

class Refusal extends Error {
  readonly status: number
  readonly code: string
  constructor(status: number, code: string, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

const textField = (body: unknown, name: string, limit = 200): string => {
  const value = (body as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value.slice(0, limit) : ''
}

/**
 * The "Sign-in security" screen's API: each account's own passkeys, authenticator app and recovery
 * codes; an admin's policy and the removal of a locked-out account's second factors. Adding a
 * factor or new recovery codes needs the password again: a session left open on a shared
 * computer cannot give itself a key of its own.
 */
export function securityApi(options: SecurityApiOptions) {
  const { accountsFile, accounts, records, store, passkeys, box, checkSignIn, siteName, now } = options
  const policy = policyOnDisk(accountsFile)

  const factorsOf = async (account: string) => (await accounts())[account]?.factors

  async function passwordAgain(ctx: Context, caller: Caller, body: unknown) {
    const outcome = await checkSignIn(caller.account, textField(body, 'password', 1024), ctx.ip)
    if (outcome.ok) return
    caller.audit('password-again-failed', { reason: outcome.reason })
    throw new Refusal(
      outcome.reason === 'throttled' ? 429 : 403,
      'password',
      outcome.reason === 'throttled' ? 'Too many wrong passwords: wait a few minutes.' : 'That is not your password.',
    )
  }

  async function state(caller: Caller) {
    const factors = await factorsOf(caller.account)
    const rules = await policy()
    return {
      passkeysAvailable: passkeys !== undefined,
      appAvailable: box !== undefined,
      passkeys: (factors?.passkeys ?? []).map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, ...(lastUsedAt ? { lastUsedAt } : {}) })),
      app: factors?.app !== undefined,
      recoveryCodesLeft: factors?.recoveryCodes?.length ?? 0,
      mustAdd: mustAddSecondFactor(rules, caller.role, factors),
      secondFactorRequired: rules.secondFactorRequired === true,
    }
  }

  async function freshRecoveryCodes(account: string) {
    const { codes, hashes } = newRecoveryCodes()
    await records(account, (factors) => ({ ...factors, recoveryCodes: hashes }))
    return codes
  }

  const actions: Record<string, (ctx: Context, caller: Caller, body: unknown) => Promise<object>> = {
    async 'passkeys/options'(ctx, caller, body) {
      if (!passkeys) throw new Refusal(404, 'passkeys_off', 'Passkeys are not set up on this site (EDITOR_ORIGIN).')
      await passwordAgain(ctx, caller, body)
      return passkeys.registrationOptions(caller.account, (await factorsOf(caller.account))?.passkeys ?? [])
    },
    async passkeys(_ctx, caller, body) {
      if (!passkeys) throw new Refusal(404, 'passkeys_off', 'Passkeys are not set up on this site (EDITOR_ORIGIN).')
      const name = textField(body, 'name', NAME_LIMIT).trim() || 'Passkey'
      const outcome = await passkeys.verifyRegistration(caller.account, (body as { response?: unknown } | undefined)?.response, name, new Date(now()))
      if (!outcome.ok) {
        caller.audit('second-factor-add-failed', { kind: 'passkey' })
        throw new Refusal(400, 'passkey', outcome.problem)
      }
      await records(caller.account, (factors) => ({ ...factors, passkeys: [...(factors.passkeys ?? []), outcome.value] }))
      caller.audit('second-factor-added', { kind: 'passkey', name })
      return state(caller)
    },
    async 'passkeys/remove'(_ctx, caller, body) {
      const id = textField(body, 'id', 1024)
      await records(caller.account, (factors) => ({ ...factors, passkeys: (factors.passkeys ?? []).filter((passkey) => passkey.id !== id) }))
      caller.audit('second-factor-removed', { kind: 'passkey' })
      return state(caller)
    },
    async 'app/start'(ctx, caller, body) {
      if (!box) throw new Refusal(404, 'app_off', 'Authenticator apps are not set up on this site (EDITOR_FACTORS_KEY).')
      await passwordAgain(ctx, caller, body)
      const secret = newAppSecret()
      await store.put(`new-app:${caller.account}`, secret, NEW_APP_KEEP_MS)
      return { secret, ...appEnrollment(secret, caller.account, siteName) }
    },
    async app(_ctx, caller, body) {
      const secret = await store.get(`new-app:${caller.account}`)
      if (!box || !secret) throw new Refusal(409, 'app_expired', 'Setting up the app took too long: start again.')
      const step = appCodeStep(secret, textField(body, 'code', 20), now())
      if (step === undefined || !(await store.claim(`app-code:${caller.account}:${step}`, 90_000))) {
        caller.audit('second-factor-add-failed', { kind: 'app' })
        throw new Refusal(400, 'code', 'That code is not right: type the code the app shows now.')
      }
      await store.delete(`new-app:${caller.account}`)
      await records(caller.account, (factors) => ({ ...factors, app: { secret: box.seal(secret), addedAt: new Date(now()).toISOString() } }))
      caller.audit('second-factor-added', { kind: 'app' })
      const hadCodes = ((await factorsOf(caller.account))?.recoveryCodes?.length ?? 0) > 0
      // Made before the state is read, so that the count of codes left includes them.
      const recoveryCodes = hadCodes ? undefined : await freshRecoveryCodes(caller.account)
      return { ...(await state(caller)), ...(recoveryCodes ? { recoveryCodes } : {}) }
    },
    async 'app/remove'(_ctx, caller) {
      await records(caller.account, (factors) => ({ ...factors, app: undefined }))
      caller.audit('second-factor-removed', { kind: 'app' })
      return state(caller)
    },
    async 'recovery-codes'(ctx, caller, body) {
      await passwordAgain(ctx, caller, body)
      if (!hasSecondFactor(await factorsOf(caller.account))) throw new Refusal(409, 'no_factor', 'Add a passkey or an authenticator app first: recovery codes stand in for one.')
      const recoveryCodes = await freshRecoveryCodes(caller.account)
      caller.audit('recovery-codes-made', {})
      return { ...(await state(caller)), recoveryCodes }
    },
    async policy(_ctx, caller, body) {
      if (!roleAllows(caller.role, 'admin')) throw new Refusal(403, 'role', 'Only an admin sets what every account needs to sign in.')
      const required = (body as { secondFactorRequired?: unknown } | undefined)?.secondFactorRequired === true
      await writePolicy(accountsFile, { ...(await policy()), secondFactorRequired: required })
      caller.audit('second-factor-policy', { secondFactorRequired: String(required) })
      return state(caller)
    },
    async 'remove-factors'(_ctx, caller, body) {
      if (!roleAllows(caller.role, 'admin')) throw new Refusal(403, 'role', 'Only an admin removes the second factors of another account.')
      const target = textField(body, 'account', 64).trim().toLowerCase()
      if (!(await records(target, () => ({})))) throw new Refusal(404, 'no_account', `There is no account "${target}".`)
      caller.audit('second-factors-reset', { target })
      return state(caller)
    },
  }

  /** Answers SECURITY_API and under it; false for any other address. */
  return async (ctx: Context, caller: Caller): Promise<boolean> => {
    if (ctx.path !== SECURITY_API && !ctx.path.startsWith(`${SECURITY_API}/`)) return false
    try {
      if (ctx.path === SECURITY_API && ctx.method === 'GET') ctx.body = await state(caller)
      else {
        const action = Object.hasOwn(actions, ctx.path.slice(SECURITY_API.length + 1)) ? actions[ctx.path.slice(SECURITY_API.length + 1)] : undefined
        if (!action || ctx.method !== 'POST') throw new Refusal(404, 'not_found', 'There is no such sign-in security action.')
        ctx.body = await action(ctx, caller, await readJsonBody(ctx.req))
      }
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      ctx.status = error.status
      ctx.body = { error: error.code, message: error.message }
    }
    return true
  }
}
