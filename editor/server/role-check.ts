import type { Context } from 'koa'
import { roleRefusal } from '../api-permissions.ts'
import { roleAllows, type Role } from '../../site/editor-roles.ts'

/** What the access layer (server/editor-access/) puts on a signed-in request: the account's role among the rest. */
interface SignedInState {
  editorSession?: { role?: Role }
}

/**
 * The role a request is made with. Only the production server signs people in; the dev server
 * answers this machine alone (editor-middleware.ts), whose person owns the files: an admin.
 */
export function roleOfRequest(ctx: Context): Role {
  return (ctx.state as SignedInState).editorSession?.role ?? 'admin'
}

/**
 * Lets a request go on when its role may do what `needed` may; else answers 403 in words the
 * editor shows, and the caller does nothing. Checked on the server for every change: the
 * browser's hiding a button is a convenience, never the rule.
 */
export function allowRole(ctx: Context, needed: Role, what: string): boolean {
  const role = roleOfRequest(ctx)
  if (roleAllows(role, needed)) return true
  ctx.status = 403
  ctx.body = { error: 'role', message: roleRefusal(role, needed, what) }
  return false
}
