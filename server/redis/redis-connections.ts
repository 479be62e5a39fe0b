import { Redis } from 'ioredis'
import { StoreUnavailableError } from '../queue/store-errors.ts'
import type { Logger } from '../../ground/log.ts'

/**
 * Two kinds of connection, as BullMQ's production guide advises:
 * - `requests`, used while a visitor waits (enqueue, idempotency, rate limit, readiness): fails
 *   fast when Redis is down (no offline queue, one retry, a command timeout), so the visitor gets
 *   a 503 and the browser's mail fallback instead of a hanging request;
 * - `worker`, given to the BullMQ worker, and `records`, for the delivery records: wait for Redis
 *   as long as it takes (`maxRetriesPerRequest: null`), so a Redis restart pauses delivery instead
 *   of failing it. Separate, because a command queued behind the worker's blocking wait for the
 *   next job would wait for that too (seconds), and every second a mail spends between its SMTP
 *   250 and its `sent` record is a second in which a crash sends it twice.
 * Both reconnect by themselves (ioredis' retryStrategy), so service resumes when Redis returns.
 */
export interface RedisConnections {
  requests: Redis
  worker: Redis
  records: Redis
  close(): Promise<void>
}

/** Long enough for a busy Redis, short enough that a visitor is not left waiting. */
const REQUEST_COMMAND_TIMEOUT_MS = 5000
/** Between reconnection attempts: quick at first, at most 2 s, so service resumes soon after Redis. */
const reconnectDelay = (attempt: number) => Math.min(100 * attempt, 2000)

/** A connection used while someone waits for the answer: fails fast when Redis is down, reconnects by itself. */
export function requestsConnection(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REQUEST_COMMAND_TIMEOUT_MS,
    connectTimeout: REQUEST_COMMAND_TIMEOUT_MS,
    retryStrategy: reconnectDelay,
  })
}

export function connectRedis(url: string, log: Logger): RedisConnections {
  const requests = requestsConnection(url)
  const worker = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: reconnectDelay })
  const records = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: reconnectDelay })

  // Log each outage once (not every reconnection attempt), and its end.
  let down = false
  requests.on('error', (error: Error) => {
    if (!down) log.error({ reason: error.message }, 'Redis unreachable: answering form submissions with 503 until it is back')
    down = true
  })
  requests.on('ready', () => {
    if (down) log.info('Redis reachable again: accepting form submissions')
    down = false
  })
  // The `requests` connection already logs the outage.
  worker.on('error', () => undefined)
  records.on('error', () => undefined)

  return {
    requests,
    worker,
    records,
    async close() {
      await Promise.allSettled([requests.quit(), worker.quit(), records.quit()])
    },
  }
}

/** How long a visitor's request waits for a connection that is being made. */
const CONNECTING_GRACE_MS = 1500

/** Resolves true once `redis` is connected (at once when it is), false after `ms`. */
export function readyWithin(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true)
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer)
      redis.off('ready', onReady)
      resolve(ready)
    }
    const onReady = () => done(true)
    const timer = setTimeout(() => done(false), ms)
    redis.once('ready', onReady)
  })
}

/**
 * The error a failed Redis call made while a visitor waits becomes: StoreUnavailableError, which
 * the forms answer with a clear 503 (the browser then offers its mail fallback). An outage is
 * logged once by connectRedis; anything else (a timeout, a script error) here.
 */
export function redisUnavailable(redis: Redis, what: string, log: Logger, error: unknown): StoreUnavailableError {
  if (redis.status === 'ready') log.warn({ what, reason: String(error) }, 'Redis call failed, answered 503')
  return new StoreUnavailableError('queue_unavailable', `${what}: ${String(error)}`)
}

/** Run a Redis call made while a visitor waits; any Redis failure becomes StoreUnavailableError. */
export async function whileRedisAnswers<T>(redis: Redis, what: string, log: Logger, call: () => Promise<T>): Promise<T> {
  // Not connected (yet): wait a moment (an instance just started, a blip), but not as long as
  // BullMQ would: the visitor should get the 503 and the mail fallback soon.
  if (!(await readyWithin(redis, CONNECTING_GRACE_MS))) throw new StoreUnavailableError('queue_unavailable', `${what}: Redis is ${redis.status}`)
  try {
    return await call()
  } catch (error) {
    if (error instanceof StoreUnavailableError) throw error
    throw redisUnavailable(redis, what, log, error)
  }
}
