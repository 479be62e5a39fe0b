import type { Role } from '../../../site/editor-roles'
import { editorFetch } from '../api/session'

/** A session as the server lists it: when it began and was last used, from which address group, and whether it is this browser's. */
export interface ListedSession {
  createdAt: string
  lastSeenAt: string
  address: string
  current: boolean
}

export interface AccountRow {
  name: string
  role: Role
  /** Where the editor mails the account; null: nowhere. */
  email: string | null
  createdAt: string
  passwordSet: boolean
  changedAt: string
  disabled: boolean
  /** A one-time link not yet used: an invitation or a reset, until when. */
  link: { kind: 'invite' | 'reset'; expiresAt: string } | null
  sessions: ListedSession[]
}

/** An answer of the accounts API: its body when it went through, else the server's words. */
export type AccountAnswer<T> = ({ ok: true } & T) | { ok: false; message: string }

async function answerOf<T>(response: Response): Promise<AccountAnswer<T>> {
  const body = (await response.json().catch(() => ({}))) as T & { message?: string }
  return response.ok ? { ok: true, ...body } : { ok: false, message: body.message ?? `The server answered ${response.status}.` }
}

const ACCOUNTS_API = '/_editor/api/'

/** A change, its fields form-encoded as the server reads them. */
export const postAccounts = <T = object>(route: string, fields: Record<string, string> = {}) =>
  editorFetch(`${ACCOUNTS_API}${route}`, { method: 'POST', body: new URLSearchParams(fields) }).then((response) => answerOf<T>(response))

export const loadAccounts = () => editorFetch(`${ACCOUNTS_API}accounts`).then((response) => answerOf<{ you: string; accounts: AccountRow[] }>(response))

export const loadMyAccount = () =>
  editorFetch(`${ACCOUNTS_API}my-account`).then((response) => answerOf<{ account: string; email: string | null; sessions: ListedSession[] }>(response))

/** The link the server made, whole, to copy and send: the server knows its path, the browser the site's address. */
export const fullLink = (path: string) => `${location.origin}${path}`

/** A time as the person reads it, in their own zone. */
export const whenText = (iso: string) => new Date(iso).toLocaleString()
