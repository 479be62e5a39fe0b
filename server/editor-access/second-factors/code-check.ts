import type { createSignInThrottle, ThrottledBy } from '../sign-in-throttle.ts'
import type { AccountFactors } from './account-factors.ts'
import { appCodeStep, USED_CODE_KEEP_MS } from './app-codes.ts'
import type { FactorRecords } from './factor-records.ts'
import type { FactorStore } from './factor-store.ts'
import { looksLikeRecoveryCode, recoveryCodeHash } from './recovery-codes.ts'
import type { SecretBox } from './secret-box.ts'

export type CodeOutcome =
  { ok: true; method: 'app-code' | 'recovery-code' } | { ok: false; reason: 'wrong-code' | 'used-code' } | { ok: false; reason: 'throttled'; retryAt: number; because: ThrottledBy }

/** A used recovery code is struck from the account; this keeps a second use refused while the file is being written. */
const RECOVERY_CLAIM_MS = 24 * 60 * 60_000

/** The codes' own count per account from an address: a right password, which clears the password's count, leaves this one as it is. */
const codeThrottleName = (account: string) => `${account}\0second-factor`

/**
 * Checks a code typed after the password: an authenticator app's (each step's code once) or a
 * recovery code (each once, then struck off). Wrong codes are throttled as wrong passwords are,
 * per account from an address and per address: never a lock-out of the account for everyone.
 */
export function createCodeCheck(options: {
  throttle: ReturnType<typeof createSignInThrottle>
  store: FactorStore
  box: SecretBox | undefined
  records: FactorRecords
  now: () => number
}) {
  const { throttle, store, box, records, now } = options
  return async (account: string, factors: AccountFactors | undefined, code: string, address: string): Promise<CodeOutcome> => {
    const turn = await throttle.begin(codeThrottleName(account), address)
    if (!turn.allowed) return { ok: false, reason: 'throttled', retryAt: turn.retryAt, because: turn.because }
    const accepted = async (method: 'app-code' | 'recovery-code') => {
      await throttle.succeeded(codeThrottleName(account), address)
      return { ok: true, method } as const
    }
    if (looksLikeRecoveryCode(code)) {
      const hash = recoveryCodeHash(code)
      if (!factors?.recoveryCodes?.includes(hash)) return { ok: false, reason: 'wrong-code' }
      if (!(await store.claim(`recovery-code:${account}:${hash}`, RECOVERY_CLAIM_MS))) return { ok: false, reason: 'used-code' }
      await records(account, (current) => ({ ...current, recoveryCodes: (current.recoveryCodes ?? []).filter((kept) => kept !== hash) }))
      return accepted('recovery-code')
    }
    if (!factors?.app || !box) return { ok: false, reason: 'wrong-code' }
    const step = appCodeStep(box.open(factors.app.secret), code, now())
    if (step === undefined) return { ok: false, reason: 'wrong-code' }
    if (!(await store.claim(`app-code:${account}:${step}`, USED_CODE_KEEP_MS))) return { ok: false, reason: 'used-code' }
    return accepted('app-code')
  }
}

export type CodeCheck = ReturnType<typeof createCodeCheck>
