import { randomBytes } from 'node:crypto'
import { storedSessionKey, type AccessStore, type SessionRecord } from './access-store.ts'
import { addressGroup } from './address-group.ts'
import type { Role } from '../../site/editor-roles.ts'
import { roleOf, type EditorAccounts } from './accounts-file.ts'

export interface SessionTimes {
  /** A session unused this long has ended. */
  idleMs: number
  /** A session this old has ended, however busy. */
  maxMs: number
}

/** 256 bits from the system's random source: a session id no one can guess or count towards. */
const SESSION_ID_BYTES = 32

/**
 * The life of a session: made at sign-in, renewed by each request until it is idle too long or
 * too old, ended at sign-out, and ended at once when its account is removed or its password reset
 * or disabled (the accounts file is read at every check, so the command line needs no access to
 * the sessions). A resumed session carries the account's role as it is now: a role changed takes
 * effect on the account's next request.
 */
export function createEditorSessions({ store, accounts, times, now }: { store: AccessStore; accounts: () => Promise<EditorAccounts>; times: SessionTimes; now: () => number }) {
  const keepFor = (record: SessionRecord, at: number) => Math.min(times.idleMs, record.createdAt + times.maxMs - at)

  return {
    async start(account: string): Promise<string> {
      const id = randomBytes(SESSION_ID_BYTES).toString('base64url')
      const at = now()
      const record = { account, createdAt: at, lastSeenAt: at }
      await store.putSession(id, record, keepFor(record, at))
      return id
    },

    /** The session's account and role, with its idle time renewed; undefined (and the session gone) when it has ended. */
    async resume(id: string, address?: string): Promise<{ account: string; role: Role } | undefined> {
      const record = await store.getSession(id)
      if (!record) return undefined
      const at = now()
      const account = (await accounts())[record.account]
      const ended =
        at - record.lastSeenAt >= times.idleMs || at - record.createdAt >= times.maxMs || !account || account.disabled === true || Date.parse(account.changedAt) > record.createdAt
      if (ended) {
        await store.deleteSession(id)
        return undefined
      }
      const renewed = { ...record, lastSeenAt: at, ...(address ? { address: addressGroup(address) } : {}) }
      await store.putSession(id, renewed, keepFor(renewed, at))
      return { account: record.account, role: roleOf(account) }
    },

    end: (id: string) => store.deleteSession(id),

    /** An account's sessions as shown (times in ISO 8601), newest activity first; `current` marks the one with that id. */
    async of(account: string, current?: string): Promise<{ createdAt: string; lastSeenAt: string; address: string; current: boolean }[]> {
      const currentKey = current === undefined ? undefined : storedSessionKey(current)
      return (await store.sessionsOf(account))
        .sort((a, b) => b.record.lastSeenAt - a.record.lastSeenAt)
        .map(({ key, record }) => ({
          createdAt: new Date(record.createdAt).toISOString(),
          lastSeenAt: new Date(record.lastSeenAt).toISOString(),
          address: record.address ?? '',
          current: key === currentKey,
        }))
    },

    /** Ends every session of an account but the one with id `keep`: how many ended. */
    async endAll(account: string, keep?: string): Promise<number> {
      const keepKey = keep === undefined ? undefined : storedSessionKey(keep)
      const ending = (await store.sessionsOf(account)).filter(({ key }) => key !== keepKey)
      for (const { key } of ending) await store.deleteListedSession(key)
      return ending.length
    },
  }
}
