/**
 * What the second factors keep for a few minutes, server-side: passkey challenges, the state
 * between a right password and its second factor, an app's secret before its first code, and
 * the codes already used. In this process, or in Redis (redis-factor-store.ts) so that every
 * instance sees the same and a challenge or a code is taken once across all of them.
 */
export interface FactorStore {
  put(key: string, value: string, keepMs: number): Promise<void>
  get(key: string): Promise<string | undefined>
  /** The value, removed in the same step: whoever takes it second gets nothing. */
  take(key: string): Promise<string | undefined>
  /** True for the first claim of `key` within `keepMs`, false for every later one. */
  claim(key: string, keepMs: number): Promise<boolean>
  delete(key: string): Promise<void>
}

/** Past this many entries, forget the expired ones before adding more: a flood of challenges cannot fill memory. */
const SWEEP_ABOVE_ENTRIES = 10_000

export function createMemoryFactorStore(now: () => number): FactorStore {
  const entries = new Map<string, { value: string; expiresAt: number }>()
  const live = (key: string) => {
    const entry = entries.get(key)
    if (entry && entry.expiresAt > now()) return entry
    entries.delete(key)
    return undefined
  }
  const put = (key: string, value: string, keepMs: number) => {
    if (entries.size > SWEEP_ABOVE_ENTRIES) for (const [stored, entry] of entries) if (entry.expiresAt <= now()) entries.delete(stored)
    entries.set(key, { value, expiresAt: now() + keepMs })
  }
  return {
    put: async (key, value, keepMs) => put(key, value, keepMs),
    get: async (key) => live(key)?.value,
    async take(key) {
      const entry = live(key)
      entries.delete(key)
      return entry?.value
    },
    async claim(key, keepMs) {
      if (live(key)) return false
      put(key, '1', keepMs)
      return true
    },
    delete: async (key) => void entries.delete(key),
  }
}
