import { randomBytes } from 'node:crypto'
import type { AccessStore, SessionRecord } from './access-store.ts'
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
    async resume(id: string): Promise<{ account: string; role: Role } | undefined> {
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
      const renewed = { ...record, lastSeenAt: at }
      await store.putSession(id, renewed, keepFor(renewed, at))
      return { account: record.account, role: roleOf(account) }
    },

    end: (id: string) => store.deleteSession(id),
  }
}
