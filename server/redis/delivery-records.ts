import type { Redis } from 'ioredis'

/**
 * What the worker knows about each mail job, in Redis beside the queue, one hash per job id:
 * `sending` is written before the SMTP transaction, `sent` after the server's 250, `retrying`
 * after a transient failure. Finding `sending` when a job starts means an earlier attempt died
 * mid-send (a killed instance, a lost lock): the mail may or may not have gone out, so it is
 * sent again (at least once beats losing it) with the same Message-ID, and counted and logged as a
 * possible duplicate. Finding `sent` means the mail went out and only the job's completion was
 * lost: it is not sent again. That makes the gap between the 250 and the `sent` write the only
 * duplicate window.
 */
type DeliveryState = 'sending' | 'sent' | 'retrying'

export const POSSIBLE_DUPLICATES_KEY = 'forms:possible-duplicates'
const recordKey = (jobId: string) => `forms:delivery:${jobId}`

export interface DeliveryRecords {
  /** Marks the job `sending`; returns the state an earlier attempt left, if any. */
  begin(jobId: string, attempt: number): Promise<DeliveryState | undefined>
  sent(jobId: string, response: string): Promise<void>
  retrying(jobId: string, reason: string): Promise<void>
  /** Remembers a job that may have been delivered twice (read by tests and operators). */
  countPossibleDuplicate(jobId: string): Promise<void>
  possibleDuplicates(): Promise<string[]>
}

/** `keepMs` must outlast any re-add of the same job id (an Idempotency-Key's remembered answer). */
export function createDeliveryRecords(redis: Redis, keepMs: number): DeliveryRecords {
  const at = () => new Date().toISOString()
  return {
    async begin(jobId, attempt) {
      const key = recordKey(jobId)
      const replies = await redis
        .multi()
        .hget(key, 'state')
        .hset(key, { state: 'sending', attempt: String(attempt), at: at() })
        .pexpire(key, keepMs)
        .exec()
      const previous = replies?.[0]?.[1]
      return typeof previous === 'string' ? (previous as DeliveryState) : undefined
    },
    async sent(jobId, response) {
      const key = recordKey(jobId)
      await redis.multi().hset(key, { state: 'sent', at: at(), response }).pexpire(key, keepMs).exec()
    },
    async retrying(jobId, reason) {
      const key = recordKey(jobId)
      await redis.multi().hset(key, { state: 'retrying', at: at(), reason }).pexpire(key, keepMs).exec()
    },
    async countPossibleDuplicate(jobId) {
      await redis.multi().sadd(POSSIBLE_DUPLICATES_KEY, jobId).pexpire(POSSIBLE_DUPLICATES_KEY, keepMs).exec()
    },
    possibleDuplicates: () => redis.smembers(POSSIBLE_DUPLICATES_KEY),
  }
}
