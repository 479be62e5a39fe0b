import { createHash, randomBytes } from 'node:crypto'

/** What a session remembers: who, and when (ms since the epoch, on the access layer's clock). Nothing else. */
export interface SessionRecord {
  account: string
  createdAt: number
  lastSeenAt: number
}

/** Failed sign-ins counted under one key (an account or an address) in a window that starts at the first. */
export interface FailureCount {
  count: number
  /** When the window ends and the count starts again from nothing. */
  resetAt: number
}

/**
 * Where sessions and failed sign-ins are kept: in this process, or in Redis so that every instance
 * sees the same (redis-access-store.ts). Sessions are stored under a hash of their id, so
 * what the store holds cannot be replayed as a cookie.
 */
export interface AccessStore {
  getSession(id: string): Promise<SessionRecord | undefined>
  /** Kept at most `keepMs` (the store may forget it then; the access layer checks the times itself). */
  putSession(id: string, record: SessionRecord, keepMs: number): Promise<void>
  deleteSession(id: string): Promise<void>
  /** Adds one failure to `key`; a window that ended starts again. */
  addFailure(key: string, windowMs: number, now: number): Promise<FailureCount>
  failures(key: string, now: number): Promise<FailureCount | undefined>
  clearFailures(key: string): Promise<void>
  /** The key the CSRF tokens are signed with: the same for every instance sharing the store. */
  signingKey(): Promise<Buffer>
}

export const storedSessionKey = (id: string) => createHash('sha256').update(id).digest('base64url')

/** Past this many entries, forget the expired ones before adding more: an attacker's failures cannot fill memory. */
const SWEEP_ABOVE_ENTRIES = 10_000

/** One process's store: sessions end with a restart, and a second instance would not see them. */
export function createMemoryAccessStore(now: () => number): AccessStore {
  const sessions = new Map<string, { record: SessionRecord; expiresAt: number }>()
  const failureCounts = new Map<string, FailureCount>()
  const key = randomBytes(32)
  const sweep = <T>(map: Map<string, T>, expiry: (entry: T) => number) => {
    if (map.size <= SWEEP_ABOVE_ENTRIES) return
    for (const [entryKey, entry] of map) if (expiry(entry) <= now()) map.delete(entryKey)
  }
  const current = (failureKey: string, at: number) => {
    const found = failureCounts.get(failureKey)
    return found && found.resetAt > at ? found : undefined
  }
  return {
    async getSession(id) {
      const found = sessions.get(storedSessionKey(id))
      return found && found.expiresAt > now() ? { ...found.record } : undefined
    },
    async putSession(id, record, keepMs) {
      sweep(sessions, (entry) => entry.expiresAt)
      sessions.set(storedSessionKey(id), { record: { ...record }, expiresAt: now() + keepMs })
    },
    async deleteSession(id) {
      sessions.delete(storedSessionKey(id))
    },
    async addFailure(failureKey, windowMs, at) {
      sweep(failureCounts, (entry) => entry.resetAt)
      const counted = current(failureKey, at) ?? { count: 0, resetAt: at + windowMs }
      const next = { count: counted.count + 1, resetAt: counted.resetAt }
      failureCounts.set(failureKey, next)
      return { ...next }
    },
    async failures(failureKey, at) {
      const found = current(failureKey, at)
      return found && { ...found }
    },
    async clearFailures(failureKey) {
      failureCounts.delete(failureKey)
    },
    signingKey: async () => key,
  }
}
