import { Readable } from 'node:stream'
import type Koa from 'koa'
import type { AuditPage, AuditQuery } from '../../site/audit-entry.ts'
import { csvHeader, csvLine } from './audit-csv.ts'
import { EDITOR_API } from './editor-paths.ts'
import { answer, refuseMethod } from './json-answer.ts'
import { allowRole } from './role-check.ts'

const LIST = `${EDITOR_API}audit`
const CSV = `${EDITOR_API}audit.csv`
const DEFAULT_LIMIT = 50
const MAX_LIMIT = 200
/** Far longer than an account name, an event's name or an address. */
const MAX_FILTER = 200
/** Entries read at a time while the CSV streams: the whole trail is never held at once. */
const CSV_PAGE = 500

/** The trail as the access layer keeps it (server/editor-access/audit-trail.ts), to read. */
export interface AuditReader {
  page(query: AuditQuery): Promise<AuditPage>
}

/** The query's filters, or the words of what is wrong with them. */
function filtersOf(query: Koa.Context['query']): Omit<AuditQuery, 'limit'> | string {
  const filters: Omit<AuditQuery, 'limit'> = {}
  for (const name of ['account', 'event', 'address'] as const) {
    const value = query[name]
    if (value === undefined || value === '') continue
    if (typeof value !== 'string' || value.length > MAX_FILTER) return `Filter by one ${name} of at most ${MAX_FILTER} characters.`
    filters[name] = value
  }
  for (const name of ['from', 'to'] as const) {
    const value = query[name]
    if (value === undefined || value === '') continue
    const ms = typeof value === 'string' ? Date.parse(value) : NaN
    if (Number.isNaN(ms)) return `"${name}" is not a date and time: send one as ISO 8601 (2026-03-01T00:00:00Z).`
    filters[name] = ms
  }
  if (filters.from !== undefined && filters.to !== undefined && filters.from > filters.to) return '"from" is after "to": nothing could match.'
  const cursor = query.cursor
  if (cursor !== undefined && cursor !== '') {
    if (typeof cursor !== 'string' || !/^\d{1,15}-\d{1,15}$/.test(cursor)) return 'The cursor is not one this server gave: start again from the first page.'
    filters.before = cursor
  }
  return filters
}

function limitOf(value: unknown): number | undefined {
  if (value === undefined || value === '') return DEFAULT_LIMIT
  const limit = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : NaN
  return limit >= 1 && limit <= MAX_LIMIT ? limit : undefined
}

type Page = Awaited<ReturnType<AuditReader['page']>>

/**
 * Every entry the filters let through, newest first, read a page at a time after `first` (read
 * before the answer starts, so a trail that does not answer is a 503, not a cut-off file). The
 * byte order mark tells a spreadsheet the file is UTF-8.
 */
async function* csvOf(trail: AuditReader, filters: Omit<AuditQuery, 'limit'>, first: Page) {
  yield `\uFEFF${csvHeader()}`
  let page = first
  for (;;) {
    yield page.entries.map(csvLine).join('')
    if (!page.next) return
    page = await trail.page({ ...filters, before: page.next, limit: CSV_PAGE })
  }
}

/**
 * The audit trail, for admins only (the server checks; the editor only hides the screen):
 *   GET audit?account=&event=&address=&from=&to=&cursor=&limit= → { entries (newest first), next? }
 *   GET audit.csv?… (the same filters)                           → every entry they let through, as CSV, streamed
 * `from` and `to` are ISO 8601 times; `address` matches from its start; `next` is the cursor of the next page.
 */
export function auditApi(trail: AuditReader): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== LIST && ctx.path !== CSV) return next()
    if (!allowRole(ctx, 'admin', 'read the audit trail')) return
    if (ctx.method !== 'GET') return refuseMethod(ctx, 'GET', 'audit')
    const filters = filtersOf(ctx.query)
    if (typeof filters === 'string') return answer(ctx, 400, { message: filters })
    if (ctx.path === CSV) {
      ctx.type = 'text/csv; charset=utf-8'
      ctx.attachment('audit-trail.csv')
      const first = await trail.page({ ...filters, limit: CSV_PAGE })
      ctx.body = Readable.from(csvOf(trail, filters, first))
      return
    }
    const limit = limitOf(ctx.query.limit)
    if (limit === undefined) return answer(ctx, 400, { message: `Ask for between 1 and ${MAX_LIMIT} entries at a time.` })
    ctx.body = await trail.page({ ...filters, limit })
  }
}
