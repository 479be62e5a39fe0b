import type { Context } from 'koa'
import type { Logger } from '../../ground/log.ts'

/** What the access layer records; the editor adds its own (publish, rollback) through the same function. */
type AuditEvent = 'sign-in' | 'sign-in-failed' | 'sign-out' | (string & {})

export type AuditLog = (ctx: Context, event: AuditEvent, account: string, details?: Record<string, string | number | boolean>) => void

/**
 * One JSON line per event: who, from where, when. It never carries a password, a hash, a token
 * or a cookie: callers pass names and reasons only, and the fields below are all it writes.
 */
export function createAuditLog(log: Logger, now: () => number): AuditLog {
  return (ctx, event, account, details = {}) => {
    log.info({ ...details, audit: 'editor', event, account, address: ctx.ip, at: new Date(now()).toISOString() }, `editor ${event}`)
  }
}
