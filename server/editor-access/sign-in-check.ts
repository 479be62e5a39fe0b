import type { AccessStore } from './access-store.ts'
import type { EditorAccounts } from './accounts-file.ts'
import { dummyHash, passwordMatches, type PasswordHash, type ScryptCost } from './password-hash.ts'

/** How many failed sign-ins a key may have in one window before it is locked until the window ends. */
export interface SignInLimits {
  perAccount: number
  perAddress: number
  windowMs: number
}

/**
 * 5 wrong passwords for one account in 15 minutes: a person who forgot theirs has tried enough; a
 * guesser gets 480 tries a day, nowhere near a 12-character password. 20 from one address: an
 * office behind one address can still sign in while one person is locked out.
 */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 }

export type SignInOutcome =
  | { ok: true; account: string }
  | { ok: false; account: string; reason: 'wrong-password' | 'unknown-account'; lockedNow: boolean }
  | { ok: false; account: string; reason: 'locked'; retryAt: number }

interface SignInCheckOptions {
  store: AccessStore
  accounts: () => Promise<EditorAccounts>
  limits: SignInLimits
  /** The cost new accounts are hashed with: an unknown name is checked against a hash of the same cost. */
  scryptCost: ScryptCost
  now: () => number
}

/**
 * Checks a name and password against the accounts under the limits. An unknown name costs the same
 * scrypt as a known one and is counted the same, so the answer and its time say nothing of
 * which names exist.
 */
export function createSignInCheck({ store, accounts, limits, scryptCost, now }: SignInCheckOptions) {
  let dummy: Promise<PasswordHash> | undefined
  const keysOf = (account: string, address: string) => [
    { key: `account:${account}`, max: limits.perAccount },
    { key: `address:${address}`, max: limits.perAddress },
  ]

  return async (rawName: string, password: string, address: string): Promise<SignInOutcome> => {
    const account = rawName.trim().toLowerCase()
    const keys = keysOf(account, address)
    const counts = await Promise.all(keys.map(async ({ key, max }) => ({ max, found: await store.failures(key, now()) })))
    const locks = counts.filter(({ max, found }) => found && found.count >= max).map(({ found }) => found!.resetAt)
    if (locks.length > 0) return { ok: false, account, reason: 'locked', retryAt: Math.max(...locks) }

    const known = (await accounts())[account]
    const matches = await passwordMatches(password, known?.password ?? (await (dummy ??= dummyHash(scryptCost))))
    if (known && matches) {
      await store.clearFailures(keys[0]!.key)
      return { ok: true, account }
    }
    const added = await Promise.all(keys.map(async ({ key, max }) => ({ max, count: (await store.addFailure(key, limits.windowMs, now())).count })))
    return { ok: false, account, reason: known ? 'wrong-password' : 'unknown-account', lockedNow: added.some(({ max, count }) => count === max) }
  }
}
