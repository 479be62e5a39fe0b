/**
 * The audit trail's shape, written once for the three that read it: the access layer that keeps
 * it (server/editor-access/audit-trail.ts), the editor's API that serves it and its CSV
 * (editor/server/audit-api.ts), and the audit screen (editor/client/audit/).
 */

/** A detail of an audit event: a name, a reason, a version's id, a page's address. */
export type AuditDetail = string | number | boolean

/** One event of the audit trail: who did what, from where and when. */
export interface AuditEntry {
  /** `<ms>-<n>`, rising with time: the order of the trail, and the cursor a page of it continues from. */
  id: string
  /** ISO 8601, UTC. */
  at: string
  event: string
  account: string
  address: string
  details: Record<string, AuditDetail>
}

/** A page of the trail, newest first; every filter is optional. */
export interface AuditQuery {
  account?: string
  event?: string
  /** An address, or its start (`10.0.`, a network). */
  address?: string
  /** ms since the epoch, inclusive. */
  from?: number
  to?: number
  /** The `next` of the page before: only entries older than it. */
  before?: string
  limit: number
}

export interface AuditPage {
  entries: AuditEntry[]
  /** Where the next page starts; absent on the last page. */
  next?: string
}
