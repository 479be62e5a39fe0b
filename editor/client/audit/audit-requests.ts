import { editorFetch } from '../api/session'
import type { AuditEntry } from './audit-words'

const LIST = '/_editor/api/audit'

/** The screen's filters: dates as a date input gives them (YYYY-MM-DD, a day in the browser's time zone). */
export interface AuditFilters {
  account: string
  event: string | null
  address: string
  fromDay: string
  toDay: string
}

export const NO_FILTERS: AuditFilters = { account: '', event: null, address: '', fromDay: '', toDay: '' }

/** The API's query for the filters: a day runs from its first to its last millisecond where the browser is. */
export function auditQuery(filters: AuditFilters, cursor?: string): URLSearchParams {
  const query = new URLSearchParams()
  if (filters.account.trim()) query.set('account', filters.account.trim().toLowerCase())
  if (filters.event) query.set('event', filters.event)
  if (filters.address.trim()) query.set('address', filters.address.trim())
  if (filters.fromDay) query.set('from', new Date(`${filters.fromDay}T00:00:00`).toISOString())
  if (filters.toDay) query.set('to', new Date(`${filters.toDay}T23:59:59.999`).toISOString())
  if (cursor) query.set('cursor', cursor)
  return query
}

/** Where the CSV of what the filters show downloads from. */
export const auditCsvAddress = (filters: AuditFilters) => `${LIST}.csv?${auditQuery(filters).toString()}`

/** A page of entries, newest first; the server's words when it refuses. */
export async function loadAuditPage(filters: AuditFilters, cursor?: string): Promise<{ entries: AuditEntry[]; next?: string }> {
  const response = await editorFetch(`${LIST}?${auditQuery(filters, cursor).toString()}`)
  const body = (await response.json().catch(() => ({}))) as { entries?: AuditEntry[]; next?: string; message?: string }
  if (!response.ok || !body.entries) throw new Error(body.message ?? `Loading the audit trail failed (${response.status}).`)
  return { entries: body.entries, ...(body.next ? { next: body.next } : {}) }
}
