import type { AuditDetail, AuditEntry, AuditPage, AuditQuery } from '../../site/audit-entry.ts'

export type { AuditDetail, AuditEntry, AuditPage, AuditQuery } from '../../site/audit-entry.ts'

/**
 * Where the audit events are kept besides the log: a file under CONTENT_DIR (audit-file-trail.ts)
 * or a Redis stream every instance shares (redis-audit-trail.ts). Both are bounded: the oldest
 * entries go first.
 */
export interface AuditTrail {
  append(entry: Omit<AuditEntry, 'id'>): Promise<void>
  /** Waits for the appends made before it, so a reader sees its own request's events. */
  page(query: AuditQuery): Promise<AuditPage>
}

const ID = /^(\d{1,15})-(\d{1,15})$/
const isAuditEntryId = (id: string): boolean => ID.test(id)

/** The id's time and number; ids compare by time, then number. */
export function idParts(id: string): [number, number] {
  const [, ms = '0', n = '0'] = ID.exec(id) ?? []
  return [Number(ms), Number(n)]
}

function isOlder(id: string, than: string): boolean {
  const [ms, n] = idParts(id)
  const [otherMs, otherN] = idParts(than)
  return ms < otherMs || (ms === otherMs && n < otherN)
}

/** Whether an entry passes the query's filters (its cursor and limit aside). */
export function entryMatches(entry: AuditEntry, query: AuditQuery): boolean {
  const ms = Date.parse(entry.at)
  return (
    (query.account === undefined || entry.account === query.account) &&
    (query.event === undefined || entry.event === query.event) &&
    (query.address === undefined || entry.address.startsWith(query.address)) &&
    (query.from === undefined || ms >= query.from) &&
    (query.to === undefined || ms <= query.to) &&
    (query.before === undefined || isOlder(entry.id, query.before))
  )
}

const isDetail = (value: unknown): value is AuditDetail => ['string', 'number', 'boolean'].includes(typeof value)

/** An entry as read back from a store, or undefined for anything else (a torn or foreign line). */
export function readAuditEntry(value: unknown): AuditEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const entry = value as Record<string, unknown>
  const strings = ['id', 'at', 'event', 'account', 'address'].every((key) => typeof entry[key] === 'string')
  const details = entry.details
  if (!strings || !isAuditEntryId(entry.id as string) || Number.isNaN(Date.parse(entry.at as string))) return undefined
  if (typeof details !== 'object' || details === null || !Object.values(details).every(isDetail)) return undefined
  return entry as unknown as AuditEntry
}
