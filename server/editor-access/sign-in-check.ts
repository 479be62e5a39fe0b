import type { EditorAccounts } from './accounts-file.ts'
import { dummyHash, passwordMatches, type PasswordHash, type ScryptCost } from './password-hash.ts'
import type { createSignInThrottle, ThrottledBy } from './sign-in-throttle.ts'

export type SignInOutcome =
  | { ok: true; account: string }
  | { ok: false; account: string; reason: 'wrong-password' | 'unknown-account' | 'disabled' }
  | { ok: false; account: string; reason: 'throttled'; retryAt: number; because: ThrottledBy }

interface SignInCheckOptions {
  accounts: () => Promise<EditorAccounts>
  throttle: ReturnType<typeof createSignInThrottle>
  /** The cost new accounts are hashed with: an unknown name is checked against a hash of the same cost. */
  scryptCost: ScryptCost
}

/**
 * Checks a name and password against the accounts, when the throttle lets the try through. An
 * unknown name costs the same scrypt as a known one and is throttled the same, so the answer and
 * its time say nothing of which names exist.
 */
export function createSignInCheck({ accounts, throttle, scryptCost }: SignInCheckOptions) {
  let dummy: Promise<PasswordHash> | undefined

  return async (rawName: string, password: string, address: string): Promise<SignInOutcome> => {
    const account = rawName.trim().toLowerCase()
    const turn = await throttle.begin(account, address)
    if (!turn.allowed) return { ok: false, account, reason: 'throttled', retryAt: turn.retryAt, because: turn.because }

    const known = (await accounts())[account]
    const matches = await passwordMatches(password, known?.password ?? (await (dummy ??= dummyHash(scryptCost))))
    if (known && matches) {
      await throttle.succeeded(account, address)
      // Said only to whoever knows the password: the account exists, and an admin has disabled it.
      if (known.disabled) return { ok: false, account, reason: 'disabled' }
      return { ok: true, account }
    }
    return { ok: false, account, reason: known ? 'wrong-password' : 'unknown-account' }
  }
}
