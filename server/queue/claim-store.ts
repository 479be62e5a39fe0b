/**
 * Keys taken for a while, at most once: an ALTCHA challenge already used (single use until it
 * expires) and a visitor's address already sent a confirmation this hour. In this process's memory
 * for the disk outbox (one process), in Redis with REDIS_URL (server/redis/redis-claim-store.ts),
 * so every instance agrees.
 */
export interface ClaimStore {
  /** True when the key was free and is now taken for `forMs`; false when it is taken already. */
  claim(key: string, forMs: number): Promise<boolean>
  /** Free a key this request took but did not use after all (its submission could not be stored). */
  release(key: string): Promise<void>
}

/** Past this many keys, forget the expired ones before taking another. */
const SWEEP_ABOVE_ENTRIES = 10_000

/** The one-process store, on the forms service's clock (so a test can move an hour on). */
export function createMemoryClaimStore(now: () => number): ClaimStore {
  const until = new Map<string, number>()
  return {
    async claim(key, forMs) {
      const at = now()
      if (until.size > SWEEP_ABOVE_ENTRIES) for (const [taken, expiry] of until) if (expiry <= at) until.delete(taken)
      if ((until.get(key) ?? 0) > at) return false
      until.set(key, at + forMs)
      return true
    },
    async release(key) {
      until.delete(key)
    },
  }
}
