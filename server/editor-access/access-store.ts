import { createHash, randomBytes } from 'node:crypto'

/** What a session remembers: who, when (ms since the epoch, on the access layer's clock), and from which address group it was last used. Nothing else. */
export interface SessionRecord {
  account: string
  createdAt: number
  lastSeenAt: number
  /** The address group (address-group.ts) of its last request, shown to its account and to admins. */
  address?: string
}

/** A session as listed for its account: the key it is stored under (a hash of its id, which cannot be used as a cookie) and its record. */
export interface ListedSession {
  key: string
  record: SessionRecord
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
  /** An account's live sessions, through an index per account (to list them, and to end them all). */
  sessionsOf(account: string): Promise<ListedSession[]>
  /** Ends a session listed by sessionsOf. */
  deleteListedSession(key: string): Promise<void>
  /** The key the CSRF tokens are signed with: the same for every instance sharing the store. */
  signingKey(): Promise<Buffer>
}

export const storedSessionKey = (id: string) => createHash('sha256').update(id).digest('base64url')

/** Past this many sessions, forget the expired ones before adding more: sessions cannot fill memory. */
const SWEEP_ABOVE_ENTRIES = 10_000

/** One process's store: sessions end with a restart, and a second instance would not see them. */
export function createMemoryAccessStore(now: () => number): AccessStore {
  const sessions = new Map<string, { record: SessionRecord; expiresAt: number }>()
  const byAccount = new Map<string, Set<string>>()
  const key = randomBytes(32)
  const forget = (stored: string) => {
    const account = sessions.get(stored)?.record.account
    sessions.delete(stored)
    const keys = account === undefined ? undefined : byAccount.get(account)
    keys?.delete(stored)
    if (keys?.size === 0) byAccount.delete(account!)
  }
  const sweep = () => {
    if (sessions.size <= SWEEP_ABOVE_ENTRIES) return
    for (const [stored, entry] of sessions) if (entry.expiresAt <= now()) forget(stored)
  }
  return {
    async getSession(id) {
      const found = sessions.get(storedSessionKey(id))
      return found && found.expiresAt > now() ? { ...found.record } : undefined
    },
    async putSession(id, record, keepMs) {
      sweep()
      const stored = storedSessionKey(id)
      sessions.set(stored, { record: { ...record }, expiresAt: now() + keepMs })
      byAccount.set(record.account, (byAccount.get(record.account) ?? new Set()).add(stored))
    },
    async deleteSession(id) {
      forget(storedSessionKey(id))
    },
    async sessionsOf(account) {
      return [...(byAccount.get(account) ?? [])].flatMap((stored) => {
        const found = sessions.get(stored)
        return found && found.expiresAt > now() ? [{ key: stored, record: { ...found.record } }] : []
      })
    },
    async deleteListedSession(stored) {
      forget(stored)
    },
    signingKey: async () => key,
  }
}
