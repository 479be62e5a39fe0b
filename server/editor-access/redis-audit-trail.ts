import type { Redis } from 'ioredis'
import type { Logger } from '../../ground/log.ts'
import { whileRedisAnswers } from '../redis/redis-connections.ts'
import { entryMatches, readAuditEntry, type AuditEntry, type AuditPage, type AuditTrail } from './audit-trail.ts'

const KEY = 'editor:audit'
/** Far more than a site's team makes in a year; past it, Redis trims the oldest (about: whole blocks of entries at a time). */
const DEFAULT_AUDIT_STREAM_CAP = 200_000
/** Entries read from the stream per call while filling a page. */
const BATCH = 500

/** The stream's fields, as one JSON field: the entry without its id, which is the stream's own. */
function entryOf(id: string, fields: string[]): AuditEntry | undefined {
  try {
    return readAuditEntry({ ...(JSON.parse(fields[1] ?? '') as object), id })
  } catch {
    return undefined
  }
}

/**
 * The audit trail as a Redis stream (REDIS_URL), shared by every instance: the stream's ids
 * (`<ms>-<n>`) order it and are the cursor, and a date range is a range of ids. Capped with
 * MAXLEN, so it never grows past about `cap` entries.
 */
export function createRedisAuditTrail(redis: Redis, log: Logger, cap = DEFAULT_AUDIT_STREAM_CAP): AuditTrail {
  const call = <T>(run: () => Promise<T>) => whileRedisAnswers(redis, 'the audit trail', log, run)
  let appending: Promise<unknown> = Promise.resolve()
  return {
    append(entry) {
      const added = call(() => redis.xadd(KEY, 'MAXLEN', '~', String(cap), '*', 'entry', JSON.stringify(entry)))
      appending = added.catch(() => undefined)
      return added.then(() => undefined)
    },
    async page(query): Promise<AuditPage> {
      await appending
      const found: AuditEntry[] = []
      let end = query.before ? `(${query.before}` : query.to !== undefined ? String(query.to) : '+'
      const start = query.from !== undefined ? String(query.from) : '-'
      for (;;) {
        const batch = await call(() => redis.xrevrange(KEY, end, start, 'COUNT', BATCH))
        for (const [id, fields] of batch) {
          const entry = entryOf(id, fields)
          if (entry && entryMatches(entry, query)) found.push(entry)
          if (found.length > query.limit) break
        }
        if (found.length > query.limit || batch.length < BATCH) break
        end = `(${batch.at(-1)![0]}`
      }
      const entries = found.slice(0, query.limit)
      return found.length > query.limit ? { entries, next: entries.at(-1)!.id } : { entries }
    },
  }
}
