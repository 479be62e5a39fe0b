import { join } from 'node:path'
import type { Deliverer, DeliveryAttemptListener } from '../queue/delivery-attempts.ts'
import type { DeliveryPolicySettings } from '../queue/delivery-policy.ts'
import type { FormsBackend } from '../queue/submission-queue.ts'
import { uploadStaging } from '../queue/upload-staging.ts'
import { pruneOldFiles } from '../../ground/durable-files.ts'
import type { Logger } from '../../ground/log.ts'
import { createBullmqQueue } from './bullmq-queue.ts'
import { createRedisClaimStore } from './redis-claim-store.ts'
import { connectRedis, readyWithin, redisUnavailable } from './redis-connections.ts'
import { createRedisIdempotencyStore } from './redis-idempotency-store.ts'

export interface RedisFormsBackendOptions extends DeliveryPolicySettings {
  redisUrl: string
  /** OUTBOX_DIR: uploads are written under it while they are read, before their job takes them into Redis. */
  outboxDir: string
  deliverer: Deliverer
  /** The forms service's clock (a mail's age for the delivery policy). */
  now: () => number
  lockMs: number
  /** How long idempotency answers and delivery records are kept. */
  recordKeepMs: number
  log: Logger
  onAttempt?: DeliveryAttemptListener
}

/** Mails one instance sends at once; N instances send N times as many. */
const MAILS_IN_FLIGHT_PER_INSTANCE = 4

/** REDIS_URL set: queue, idempotency keys and rate limit shared by every instance through Redis. */
export function createRedisFormsBackend(options: RedisFormsBackendOptions): FormsBackend {
  const connections = connectRedis(options.redisUrl, options.log)
  // The host only: the URL may carry a password.
  options.log.info({ redis: new URL(options.redisUrl).host }, 'REDIS_URL set: queue, idempotency keys and rate limit on Redis')
  const queue = createBullmqQueue({
    ...options,
    connections,
    concurrency: MAILS_IN_FLIGHT_PER_INSTANCE,
    // Dead letters keep the visitor's data for an operator as long as receipts are kept.
    deadLetterKeepMs: options.recordKeepMs,
  })
  const uploadsDir = join(options.outboxDir, 'uploads')
  return {
    queue,
    // Only while its request lasts: the job carries the résumé to whichever instance sends it.
    stageUpload: uploadStaging(uploadsDir),
    idempotency: createRedisIdempotencyStore(connections.requests, {
      rememberMs: options.recordKeepMs,
      log: options.log,
    }),
    // koa-ratelimit's Redis driver: a visitor over the limit on one instance is refused on all.
    // Used ALTCHA challenges and confirmations sent this hour: every instance sees the others'.
    claims: createRedisClaimStore(connections.requests, options.log),
    rateLimitStore: { redis: connections.requests, unavailable: (error) => redisUnavailable(connections.requests, 'the rate limit check', options.log, error) },
    async health() {
      const { reachable, problem, backend: _backend, ...outbox } = await queue.readiness()
      return { outbox, redis: problem === undefined ? { reachable } : { reachable, problem } }
    },
    whenReady: (timeoutMs) => readyWithin(connections.requests, timeoutMs),
    async storeChecks() {
      const { reachable, problem } = await queue.readiness()
      return [{ name: 'redis', ok: reachable, problem: reachable ? undefined : `Redis does not answer: ${problem ?? 'unreachable'}` }]
    },
    // Redis expires idempotency answers, delivery records and old dead letters by itself; what is
    // left here is an upload a crash stopped while it was read.
    prune: () => pruneOldFiles(uploadsDir, Number.POSITIVE_INFINITY, options.now()),
  }
}
