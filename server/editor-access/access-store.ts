import { createHash, randomBytes } from 'node:crypto'

/** What a session remembers: who, and when (ms since the epoch, on the access layer's clock). Nothing else. */
export interface SessionRecord {
  account: string
  createdAt: number
  lastSeenAt: number
}

/**
 * Where sessions are kept: in this process, or in Redis so that every instance sees the same
 * (redis-access-store.ts). Sessions are stored under a hash of their id, so what the store holds
 * cannot be replayed as a cookie. Failed sign-ins have a store of their own (failure-store.ts).
 */
export interface AccessStore {
  getSession(id: string): Promise<SessionRecord | undefined>
  /** Kept at most `keepMs` (the store may forget it then; the access layer checks the times itself). */
  putSession(id: string, record: SessionRecord, keepMs: number): Promise<void>
  deleteSession(id: string): Promise<void>
  /** The key the CSRF tokens are signed with: the same for every instance sharing the store. */
  signingKey(): Promise<Buffer>
}

export const storedSessionKey = (id: string) => createHash('sha256').update(id).digest('base64url')

/** Past this many sessions, forget the expired ones before adding more: sessions cannot fill memory. */
const SWEEP_ABOVE_ENTRIES = 10_000

/** One process's store: sessions end with a restart, and a second instance would not see them. */
export function createMemoryAccessStore(now: () => number): AccessStore {
  const sessions = new Map<string, { record: SessionRecord; expiresAt: number }>()
  const key = randomBytes(32)
  const sweep = () => {
    if (sessions.size <= SWEEP_ABOVE_ENTRIES) return
    for (const [stored, entry] of sessions) if (entry.expiresAt <= now()) sessions.delete(stored)
  }
  return {
    async getSession(id) {
      const found = sessions.get(storedSessionKey(id))
      return found && found.expiresAt > now() ? { ...found.record } : undefined
    },
    async putSession(id, record, keepMs) {
      sweep()
      sessions.set(storedSessionKey(id), { record: { ...record }, expiresAt: now() + keepMs })
    },
    async deleteSession(id) {
      sessions.delete(storedSessionKey(id))
    },
    signingKey: async () => key,
  }
}
