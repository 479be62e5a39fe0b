import { readFile } from 'node:fs/promises'
import { Queue, Worker } from 'bullmq'
import pLimit from 'p-limit'
import type { OutboxMessage } from '../queue/outbox-message.ts'
import { unreachableQueue, type QueueReadiness, type SubmissionQueue } from '../queue/submission-queue.ts'
import { createDeliveryRecords, type DeliveryRecords } from './delivery-records.ts'
import { createMailJobProcessor, mailBackoff, type MailJobOptions } from './mail-job-processor.ts'
import { whileRedisAnswers, type RedisConnections } from './redis-connections.ts'

export const MAIL_QUEUE_NAME = 'form-mail'

export interface BullmqQueueOptions extends Omit<MailJobOptions, 'records'> {
  connections: RedisConnections
  /** Mails this instance sends at once. */
  concurrency: number
  /** A job held by an instance that stopped answering goes to another one after this long. */
  lockMs: number
  /** How long delivery records outlive their job: as long as a re-add of the same id is possible. */
  recordKeepMs: number
  /** How long a dead letter (failed job, résumé included) stays in Redis for an operator. */
  deadLetterKeepMs: number
}

/**
 * Effectively unlimited attempts: a mail is bounded by its age (MAIL_MAX_AGE_MS, by the delivery
 * policy the processor applies), not by a count, so a long SMTP outage is ridden out however often it was retried.
 */
const UNBOUNDED_ATTEMPTS = 1_000_000
/** A job whose worker keeps dying with it (a poison message) ends as a dead letter after this many. */
const MAX_STALLS = 3
/**
 * Résumés copied into a job at once: each is in memory three times while it is (the file, its
 * base64, the job's JSON; about 20 MB for 5 MB), so a burst of uploads waits here, on the disk
 * it was read to, rather than in memory.
 */
const RESUMES_INTO_REDIS_AT_ONCE = 2

/** The message as its job carries it: a résumé read from its upload's file into the job, as base64. */
async function withResumeInside(message: OutboxMessage): Promise<OutboxMessage> {
  if (message.resume?.path === undefined) return message
  const { path, ...details } = message.resume
  return { ...message, resume: { ...details, contentBase64: (await readFile(path)).toString('base64') } }
}

/**
 * The Redis implementation of SubmissionQueue: each accepted submission is one BullMQ job whose
 * id is the submission's id, so the same Idempotency-Key queued on two instances is one job.
 *
 * The résumé travels inside the job data (base64, at most 5 MB, so about 7 MB in Redis): one write
 * makes the whole submission durable, every instance can send it without a second shared store
 * to keep consistent and clean, and the job is removed (résumé included) as soon as the mail is delivered. The cost is Redis memory while mail waits; see
 * docs/deploy.md (Redis section) for sizing.
 */
export function createBullmqQueue(options: BullmqQueueOptions): SubmissionQueue & { records: DeliveryRecords } {
  const { connections, log } = options
  const records = createDeliveryRecords(connections.records, options.recordKeepMs)
  const queue = new Queue<OutboxMessage, string>(MAIL_QUEUE_NAME, {
    connection: connections.requests,
    defaultJobOptions: {
      attempts: UNBOUNDED_ATTEMPTS,
      backoff: { type: 'mail' },
      removeOnComplete: true, // delivered: the visitor's data goes; the delivery record stays
      removeOnFail: { age: Math.round(options.deadLetterKeepMs / 1000) },
    },
  })
  queue.on('error', () => undefined) // connectRedis logs outages once; the next call answers 503
  let worker: Worker<OutboxMessage, string> | undefined
  let active = 0
  const resumeCopies = pLimit(RESUMES_INTO_REDIS_AT_ONCE)

  async function oldestWaitingAgeSeconds(): Promise<number | null> {
    // Ids only, then one field each: reading whole jobs would pull their résumés out of Redis.
    const ids = await queue.getRanges(['wait', 'delayed'], 0, 0, true)
    const stamps = await Promise.all(ids.map((id) => connections.requests.hget(queue.toKey(id), 'timestamp')))
    const oldest = Math.min(...stamps.map(Number).filter((stamp) => stamp > 0))
    return Number.isFinite(oldest) ? Math.max(0, Math.floor((Date.now() - oldest) / 1000)) : null
  }

  return {
    records,

    enqueue: (message) =>
      whileRedisAnswers(connections.requests, `queueing ${message.id}`, log, async () => {
        // Resolves once Redis has run the add script and answered: the job is stored.
        const add = async () => queue.add(message.form, await withResumeInside(message), { jobId: message.id })
        await (message.resume?.path === undefined ? add() : resumeCopies(add))
        return 'queued' as const
      }),

    start() {
      if (worker) return
      const processMail = createMailJobProcessor({ ...options, records })
      worker = new Worker<OutboxMessage, string>(
        MAIL_QUEUE_NAME,
        async (job) => {
          active += 1
          try {
            return await processMail(job)
          } finally {
            active -= 1
          }
        },
        {
          connection: connections.worker,
          concurrency: options.concurrency,
          lockDuration: options.lockMs,
          stalledInterval: options.lockMs,
          maxStalledCount: MAX_STALLS,
          settings: { backoffStrategy: mailBackoff(options) },
        },
      )
      worker.on('error', () => undefined) // outages are logged once by connectRedis
      worker.on('failed', (job, error) => {
        // Dead letters only; the processor already logged the reason of a refusal or a timeout.
        if (job && job.finishedOn) log.error({ id: job.id, reason: error.message }, 'mail given up: a dead letter (failed set)')
      })
      worker.on('stalled', (jobId) => log.warn({ id: jobId }, 'job stalled (its instance stopped); another worker takes it'))
    },

    async stop() {
      await worker?.close() // lets the mails in hand finish
      await queue.close()
      options.deliverer.close()
      await connections.close()
    },

    async readiness(): Promise<QueueReadiness> {
      try {
        if (connections.requests.status !== 'ready') throw new Error(`Redis connection is ${connections.requests.status}`)
        const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'failed')
        return {
          backend: 'redis',
          reachable: true,
          depth: (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0) + (counts.active ?? 0),
          oldestAgeSeconds: await oldestWaitingAgeSeconds(),
          deadLetters: counts.failed ?? 0,
        }
      } catch (error) {
        return unreachableQueue('redis', error)
      }
    },

    async idle() {
      while (active > 0) await new Promise((resolve) => setTimeout(resolve, 20))
    },
  }
}
