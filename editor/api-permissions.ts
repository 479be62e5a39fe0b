import { roleAllows, type Role } from '../site/editor-roles.ts'

/** One route of the editor's API: its method, its address after /_editor/api/ (`:id` one segment), the least role that may call it, and what it does in words. */
export interface ApiPermission {
  method: 'GET' | 'POST'
  route: string
  role: Role
  /** Finishes "only … may": said in the refusal. */
  what: string
}

/**
 * Every route of the editor's API on the production server, each with the least role it needs.
 * The sign-in checks a request against this table before any handler runs, and refuses a route
 * that is not in it: a new route must choose its role here. Pure, so the browser hides what a
 * role may not do from the same rows.
 */
export const API_PERMISSIONS: readonly ApiPermission[] = [
  { method: 'GET', route: 'session', role: 'editor', what: 'see who is signed in' },
  { method: 'GET', route: 'document', role: 'editor', what: 'open the site in the editor' },
  { method: 'POST', route: 'check', role: 'editor', what: 'check a draft' },
  // Save publishes until drafts are saved on the server.
  { method: 'POST', route: 'save', role: 'publisher', what: 'publish the site' },
  { method: 'POST', route: 'new-page', role: 'editor', what: 'add a page to a draft' },
  { method: 'GET', route: 'media', role: 'editor', what: 'see the media library' },
  { method: 'POST', route: 'media/upload', role: 'editor', what: 'upload pictures' },
  // A deleted picture leaves the live site at once, with no version to roll back to.
  { method: 'POST', route: 'media/delete', role: 'publisher', what: 'delete pictures' },
  { method: 'GET', route: 'versions', role: 'editor', what: 'see the published versions' },
  { method: 'GET', route: 'versions/history', role: 'editor', what: "see a page's history" },
  { method: 'GET', route: 'versions/:id/config', role: 'editor', what: "download a version's config" },
  { method: 'GET', route: 'versions/:id/changes', role: 'editor', what: "see a version's changes" },
  { method: 'POST', route: 'versions/:id/rollback', role: 'publisher', what: 'roll the site back' },
  { method: 'POST', route: 'versions/:id/restore-page', role: 'publisher', what: 'restore a page' },
  { method: 'GET', route: 'my-account', role: 'editor', what: 'see their own sessions' },
  { method: 'POST', route: 'my-account/password', role: 'editor', what: 'change their own password' },
  { method: 'POST', route: 'my-account/sign-out-others', role: 'editor', what: 'sign out their other sessions' },
  { method: 'POST', route: 'my-account/email', role: 'editor', what: 'change their own e-mail address' },
  { method: 'GET', route: 'accounts', role: 'admin', what: 'see the accounts' },
  { method: 'POST', route: 'accounts/invite', role: 'admin', what: 'invite new accounts' },
  { method: 'POST', route: 'accounts/:id/reset', role: 'admin', what: 'reset accounts' },
  { method: 'POST', route: 'accounts/:id/role', role: 'admin', what: "change an account's role" },
  { method: 'POST', route: 'accounts/:id/email', role: 'admin', what: "change another account's e-mail address" },
  { method: 'POST', route: 'accounts/:id/disable', role: 'admin', what: 'disable accounts' },
  { method: 'POST', route: 'accounts/:id/enable', role: 'admin', what: 'enable accounts' },
  { method: 'POST', route: 'accounts/:id/remove', role: 'admin', what: 'remove accounts' },
  { method: 'POST', route: 'accounts/:id/withdraw-link', role: 'admin', what: "withdraw an account's invitation or reset link" },
  { method: 'POST', route: 'accounts/:id/sign-out', role: 'admin', what: 'sign accounts out' },
  { method: 'GET', route: 'drafts', role: 'editor', what: 'see the drafts' },
  { method: 'POST', route: 'drafts', role: 'editor', what: 'start a draft' },
  { method: 'GET', route: 'drafts/:id', role: 'editor', what: 'open a draft' },
  { method: 'POST', route: 'drafts/:id/save', role: 'editor', what: 'save to a draft' },
  { method: 'POST', route: 'drafts/:id/rename', role: 'editor', what: 'rename a draft' },
  // Their own; another's needs a publisher, which the drafts' API checks against the draft's author.
  { method: 'POST', route: 'drafts/:id/delete', role: 'editor', what: 'delete their drafts' },
  { method: 'POST', route: 'drafts/:id/publish', role: 'publisher', what: 'publish a draft' },
  { method: 'POST', route: 'drafts/:id/rebase', role: 'editor', what: 'bring a draft up to date' },
  { method: 'POST', route: 'drafts/:id/schedule', role: 'publisher', what: 'schedule a publish' },
  { method: 'POST', route: 'drafts/:id/unschedule', role: 'publisher', what: 'cancel a scheduled publish' },
  { method: 'GET', route: 'drafts/:id/changes', role: 'editor', what: "see a draft's changes" },
  { method: 'POST', route: 'drafts/:id/ask-review', role: 'editor', what: 'ask for a review' },
  { method: 'POST', route: 'drafts/:id/send-back', role: 'publisher', what: 'send a draft back' },
  { method: 'GET', route: 'drafts/:id/preview-links', role: 'editor', what: "see a draft's preview links" },
  { method: 'POST', route: 'drafts/:id/preview-links', role: 'editor', what: 'make a preview link' },
  { method: 'POST', route: 'drafts/:id/preview-links/revoke', role: 'editor', what: 'revoke a preview link' },
  { method: 'GET', route: 'audit', role: 'admin', what: 'read the audit trail' },
  { method: 'GET', route: 'audit.csv', role: 'admin', what: 'read the audit trail' },
  { method: 'GET', route: 'sign-in-security', role: 'editor', what: 'see their sign-in security' },
  { method: 'POST', route: 'sign-in-security/passkeys/options', role: 'editor', what: 'add a passkey' },
  { method: 'POST', route: 'sign-in-security/passkeys', role: 'editor', what: 'add a passkey' },
  { method: 'POST', route: 'sign-in-security/passkeys/remove', role: 'editor', what: 'remove their passkeys' },
  { method: 'POST', route: 'sign-in-security/app/start', role: 'editor', what: 'add an authenticator app' },
  { method: 'POST', route: 'sign-in-security/app', role: 'editor', what: 'add an authenticator app' },
  { method: 'POST', route: 'sign-in-security/app/remove', role: 'editor', what: 'remove their authenticator app' },
  { method: 'POST', route: 'sign-in-security/recovery-codes', role: 'editor', what: 'make recovery codes' },
  { method: 'POST', route: 'sign-in-security/policy', role: 'admin', what: 'require second factors' },
  { method: 'POST', route: 'sign-in-security/remove-factors', role: 'admin', what: "remove another account's second factors" },
]

/** A segment `:id` stands for: a version id, an account name or a draft id (base64url: it may start with - or _), nothing a path could be bent with (no / and no leading dot). */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/

const matches = (pattern: string, route: string) => {
  const wanted = pattern.split('/')
  const given = route.split('/')
  return wanted.length === given.length && wanted.every((part, index) => (part === ':id' ? SEGMENT.test(given[index]!) : part === given[index]))
}

/** The row of a route (after /_editor/api/), HEAD read as GET; undefined when the table has none: the route is refused. */
function permissionOf(method: string, route: string): ApiPermission | undefined {
  const asked = method === 'HEAD' ? 'GET' : method
  return API_PERMISSIONS.find((row) => row.method === asked && matches(row.route, route))
}

const AN_ACCOUNT_OF: Record<Role, string> = { editor: 'an editor', publisher: 'a publisher', admin: 'an admin' }
const WHO_MAY: Record<Role, string> = { editor: 'editors, publishers and admins', publisher: 'publishers and admins', admin: 'admins' }

/** The 403's words when `role` may not do what `needed` may. */
export const roleRefusal = (role: Role, needed: Role, what: string) => `Your account is ${AN_ACCOUNT_OF[role]}: only ${WHO_MAY[needed]} may ${what}. Nothing was changed.`

/** Why a request with `role` may not call a route, as the API answers it; undefined when it may. */
export function routeRefusal(method: string, route: string, role: Role): { status: 403 | 404 | 405; error: string; message: string; allow?: string } | undefined {
  const row = permissionOf(method, route)
  if (row) return roleAllows(role, row.role) ? undefined : { status: 403, error: 'role', message: roleRefusal(role, row.role, row.what) }
  const other = API_PERMISSIONS.find((candidate) => matches(candidate.route, route))
  if (other) return { status: 405, error: 'method', message: `This address of the editor's API takes ${other.method} only.`, allow: other.method }
  return { status: 404, error: 'no_route', message: "There is no editor API at this address (every route the editor's API answers is listed with the role it needs)." }
}

/** Why the browser hides or disables a route's button for `role`, in a sentence; undefined when the role may call it. The route as its row writes it (`versions/:id/rollback`). */
export function notAllowedReason(role: Role, method: ApiPermission['method'], route: string): string | undefined {
  const row = API_PERMISSIONS.find((candidate) => candidate.method === method && candidate.route === route)
  if (!row) return 'The editor does not offer this.'
  return roleAllows(role, row.role) ? undefined : `Only ${WHO_MAY[row.role]} may ${row.what}.`
}
