import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { IdempotencyStore, RememberedAnswer } from '../queue/submission-queue.ts'
import type { Logger } from '../../ground/log.ts'
import { whileRedisAnswers } from './redis-connections.ts'

export interface RedisIdempotencyOptions {
  /** How long a first answer is remembered and replayed. */
  rememberMs: number
  /** How long a claim holds while its request runs; a claimant that died frees it after this. */
  claimMs?: number
  /** How long a second request with the same key waits for the first one's answer. */
  waitMs?: number
  log: Logger
}

const keyOf = (hash: string) => `forms:idempotency:${hash}`
const CLAIM_PREFIX = 'claim:'
const POLL_MS = 50

/** Replace our own claim (and only ours: it may have expired and been taken) with the answer, or drop it. */
const SETTLE_CLAIM = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 1`

/**
 * The Idempotency-Key store shared by every instance. A request claims its key with SET NX and
 * an expiry; a second request with the same key, on any instance, waits for the first one's
 * answer and replays it. If the claimant died (its claim outlives it by at most `claimMs`), the
 * second request runs itself after `waitMs`: still one mail, because the queue's job id is derived
 * from the same key (BullMQ adds a known job id once) and the worker never sends a job recorded
 * as sent again. Every Redis failure answers 503 (the browser then offers its mail fallback).
 */
export function createRedisIdempotencyStore(redis: Redis, options: RedisIdempotencyOptions): IdempotencyStore {
  const claimMs = options.claimMs ?? 120_000
  const waitMs = options.waitMs ?? 5000
  const redisCall = <T>(what: string, call: () => Promise<T>) => whileRedisAnswers(redis, what, options.log, call)

  /** The remembered answer; `claimed` while another request holds the key; undefined when free. */
  async function look(key: string): Promise<RememberedAnswer | 'claimed' | undefined> {
    const value = await redisCall('reading an idempotency key', () => redis.get(key))
    if (value === null) return undefined
    return value.startsWith(CLAIM_PREFIX) ? 'claimed' : (JSON.parse(value) as RememberedAnswer)
  }

  return {
    async answerOnce(hash, handle, shouldRemember) {
      const key = keyOf(hash)
      const claim = `${CLAIM_PREFIX}${randomUUID()}`
      const deadline = Date.now() + waitMs
      let claimed = false
      for (;;) {
        claimed = (await redisCall('claiming an idempotency key', () => redis.set(key, claim, 'PX', claimMs, 'NX'))) === 'OK'
        if (claimed) break
        const seen = await look(key)
        if (seen && seen !== 'claimed') return { answer: seen, replayed: true }
        if (seen === 'claimed' && Date.now() > deadline) {
          options.log.warn({ key: `${hash.slice(0, 12)}…`, waitMs }, 'idempotency key still claimed; handling this request too (the job id keeps it one mail)')
          break
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      }

      let answer: RememberedAnswer
      try {
        answer = await handle()
      } catch (error) {
        if (claimed) await redis.eval(SETTLE_CLAIM, 1, key, claim, '', 0).catch(() => undefined)
        throw error
      }
      const remembered = shouldRemember(answer) ? JSON.stringify(answer) : ''
      try {
        if (claimed) await redis.eval(SETTLE_CLAIM, 1, key, claim, remembered, options.rememberMs)
        else if (remembered) await redis.set(key, remembered, 'PX', options.rememberMs, 'NX')
      } catch (error) {
        // The submission is queued: say so. A retry with this key runs again and finds the same job id.
        options.log.error({ key: `${hash.slice(0, 12)}…`, err: error }, 'could not remember the answer for an idempotency key')
      }
      return { answer, replayed: false }
    },
    // Redis expires remembered answers itself.
    prune: async () => 0,
  }
}
