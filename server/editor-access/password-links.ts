import { createHash, randomBytes } from 'node:crypto'
import type { EditorAccounts, PasswordLink } from './accounts-file.ts'
import { EDITOR_PATH } from './editor-cookies.ts'

/** Where a one-time link to set a password opens, its token in the query: the request log writes paths, never queries. */
export const PASSWORD_LINK_PATH = `${EDITOR_PATH}/set-password`

/** 256 bits from the system's random source (at least 128 are asked): no one guesses a live link. */
const TOKEN_BYTES = 32
const HOUR = 3_600_000

/** What the file keeps of a token: its hash, so the file (or a backup of it) never holds a usable link. */
const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('base64url')

/** A new link for an invitation or a reset, valid `hours` from `now`: the token for the person, the record for the file. */
export function newPasswordLink(kind: PasswordLink['kind'], now: number, hours: number): { token: string; link: PasswordLink } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url')
  return { token, link: { tokenHash: tokenHashOf(token), expiresAt: new Date(now + hours * HOUR).toISOString(), kind } }
}

/** A link's address on the site: the path and query, to which the person's browser adds the site's origin. */
export const passwordLinkPath = (token: string) => `${PASSWORD_LINK_PATH}?token=${token}`

/** A token as the link carries it: base64url of TOKEN_BYTES; anything else is no link, refused before any lookup. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export type LinkLookup = { ok: true; account: string; kind: PasswordLink['kind'] } | { ok: false; problem: string }

const UNKNOWN =
  'This link to set a password does not work: it has been used already, an admin has withdrawn it or made a newer one, or it was copied incompletely. Ask an admin of the site for a new link.'

/** The account a token sets the password of, or why it does not, in words: the account comes from the token alone. */
export function accountOfToken(accounts: EditorAccounts, token: string, now: number): LinkLookup {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, problem: UNKNOWN }
  const hash = tokenHashOf(token)
  const found = Object.entries(accounts).find(([, account]) => account.passwordLink?.tokenHash === hash)
  if (!found) return { ok: false, problem: UNKNOWN }
  const [account, { passwordLink, disabled }] = found
  if (Date.parse(passwordLink!.expiresAt) <= now)
    return { ok: false, problem: `This link to set a password expired on ${passwordLink!.expiresAt.slice(0, 16).replace('T', ' ')} UTC. Ask an admin of the site for a new link.` }
  if (disabled) return { ok: false, problem: 'This account has been disabled. Ask an admin of the site to enable it again.' }
  return { ok: true, account, kind: passwordLink!.kind }
}
