import { createHash } from 'node:crypto'
import { addressGroup } from './address-group.ts'
import type { FailureRecord, FailureStore, FailureWrite } from './failure-store.ts'

export interface SignInThrottleRules {
  /** Failed sign-ins for one account from one address before each further try must wait. */
  accountFromAddress: number
  /** Failed sign-ins from one address, whatever the names, before each further try must wait. */
  address: number
  /** The first wait; each further failure doubles it, up to `longestWaitMs`. */
  firstWaitMs: number
  longestWaitMs: number
  /** One remembered failure is forgotten per this much time (bit by bit in between). */
  forgetOneEveryMs: number
}

/**
 * Someone who mistyped three times waits 1 s, then 2 s, 4 s… A guesser at one account from one
 * address reaches the 15-minute wait after 13 guesses and stays there, since one failure is
 * forgotten per 15 minutes: about 100 guesses a day, nowhere near a 12-character password. An
 * address has 10 failures over any names before it waits: an office behind one address is not
 * slowed for one person's typing. Nothing here refuses the right password from an address that
 * has not been failing: there is no count per account alone.
 */
export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleRules = {
  accountFromAddress: 3,
  address: 10,
  firstWaitMs: 1000,
  longestWaitMs: 15 * 60_000,
  forgetOneEveryMs: 15 * 60_000,
}

/** Which count holds a try back: its account name's from its address, or its address's over any names. */
export type ThrottledBy = 'account-from-address' | 'address'

/** Whether a sign-in may be checked now, or when to come back and which count holds it back. */
export type SignInTurn = { allowed: true } | { allowed: false; retryAt: number; because: ThrottledBy }

/** A fixed-length key: a name of any length or character, or a proxy's odd address, is stored as 43 characters. */
const keyOf = (...parts: string[]) => createHash('sha256').update(JSON.stringify(parts)).digest('base64url')

/**
 * Failed sign-ins slow down whoever keeps failing, not the account: counted per account from an
 * address and per address (an IPv6 address by its /64), each count making every further try wait,
 * longer with each failure, and forgotten with time. A known name and an unknown one are counted
 * alike. A try that must wait is refused at once: nothing sleeps on a socket.
 */
export function createSignInThrottle({ store, rules, now }: { store: FailureStore; rules: SignInThrottleRules; now: () => number }) {
  // Instances' clocks differ a little: a record written "later" than this one's now has simply not leaked yet.
  const remembered = (record: FailureRecord | undefined, at: number) => (record ? Math.max(0, record.failures - Math.max(0, at - record.at) / rules.forgetOneEveryMs) : 0)
  /** When the next try may come, after `failures`; 0 when it need not wait (not `at`, which another instance's clock may not have reached). */
  const nextTryAt = (at: number, failures: number, free: number) => {
    const over = Math.round(failures) - free
    return over < 0 ? 0 : at + Math.min(rules.longestWaitMs, rules.firstWaitMs * 2 ** over)
  }
  const kept = (record: FailureRecord): FailureWrite =>
    record.failures > 0 ? { record, keepMs: Math.max(record.waitUntil - record.at, record.failures * rules.forgetOneEveryMs) } : null
  const countsOf = (account: string, address: string) => {
    const group = addressGroup(address)
    return [
      { key: keyOf('account-from-address', account, group), free: rules.accountFromAddress, because: 'account-from-address' as const },
      { key: keyOf('address', group), free: rules.address, because: 'address' as const },
    ]
  }

  return {
    /**
     * A try that may go ahead is counted as failed before its password is checked: guesses sent all
     * at once then see each other, so a burst gets no more checks than guesses one after the
     * other. succeeded() takes it back.
     */
    async begin(account: string, address: string): Promise<SignInTurn> {
      const counts = countsOf(account, address)
      const turn = await store.update<SignInTurn>(
        counts.map(({ key }) => key),
        (records) => {
          const at = now()
          const waits = counts.flatMap(({ because }, index) => {
            const waitUntil = records[index]?.waitUntil ?? 0
            return waitUntil > at ? [{ because, retryAt: waitUntil }] : []
          })
          if (waits.length > 0) return { writes: [], result: { allowed: false, ...waits.reduce((longest, wait) => (wait.retryAt > longest.retryAt ? wait : longest)) } }
          const writes = counts.map(({ free }, index) => {
            const failures = remembered(records[index], at) + 1
            return kept({ failures, at, waitUntil: nextTryAt(at, failures, free) })
          })
          return { writes, result: { allowed: true } }
        },
      )
      // Guesses at the same counts kept coming in between (a burst on Redis): this one waits.
      return turn ?? { allowed: false, retryAt: now() + rules.firstWaitMs, because: 'address' }
    },

    /**
     * The password was right: this account starts afresh from this address. The address keeps its
     * earlier failures but not this try's, nor the wait it set (any wait before it had passed).
     */
    async succeeded(account: string, address: string): Promise<void> {
      await store.update(
        countsOf(account, address).map(({ key }) => key),
        ([, addressRecord]) => {
          const at = now()
          return { writes: [null, addressRecord && kept({ failures: remembered(addressRecord, at) - 1, at, waitUntil: 0 })], result: undefined }
        },
      )
    },
  }
}
