import type { Context } from 'koa'
import type { Logger } from '../../ground/log.ts'
import { auditEntry } from './audit-entry.ts'
import type { AuditTrail } from './audit-trail.ts'

/** What the access layer records; the editor adds its own (publish, rollback) through the same function. */
type AuditEvent = 'sign-in' | 'sign-in-failed' | 'sign-out' | (string & {})

export type AuditLog = (ctx: Context, event: AuditEvent, account: string, details?: Record<string, string | number | boolean>) => void

/**
 * One JSON line per event: who, from where, when. It never carries a password, a hash, a token
 * or a cookie: callers pass names and reasons only, and the fields below are all it writes.
 * With a trail, the event is kept there too (audit-entry.ts leaves out any detail named like a
 * secret); a trail that cannot be written is logged, and the event goes on: the log line has it.
 */
export function createAuditLog(log: Logger, now: () => number, trail?: AuditTrail): AuditLog {
  return (ctx, event, account, details = {}) => {
    const at = new Date(now()).toISOString()
    log.info({ ...details, audit: 'editor', event, account, address: ctx.ip, at }, `editor ${event}`)
    trail
      ?.append(auditEntry({ at, event, account, address: ctx.ip, details }))
      .catch((error: unknown) => log.warn({ event, reason: String(error) }, 'the audit trail could not keep an event; the log line above has it'))
  }
}
