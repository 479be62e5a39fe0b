import { join } from 'node:path'
import type { Middleware } from 'koa'
import type { MailAddressing } from '../mail/composeMail.ts'
import { createDeliveryWorker } from '../mail/deliveryWorker.ts'
import { emlFileSender, senderFromTransport, smtpSender, type MailTransport } from '../mail/mailSender.ts'
import { createIdempotencyStore } from '../outbox/idempotencyStore.ts'
import { createOutbox, type OutboxStats } from '../outbox/outbox.ts'
import { createDiskQueue } from '../queue/diskQueue.ts'
import { createRedisFormsBackend } from '../queue/redisFormsBackend.ts'
import type { FormsBackend, QueueReadiness } from '../queue/submissionQueue.ts'
import { FORM_NAMES, type FormName } from './formNames.ts'
import { createFormsMiddleware } from './formsMiddleware.ts'

export interface FormsServiceOptions {
  /** Where accepted submissions wait for delivery; created if missing. */
  outboxDir: string
  /** The value the browser sends in x-api-key. */
  apiKey: string
  mailFrom: string
  /** Recipients for every form without its own list. */
  mailTo: string[]
  mailToByForm?: Partial<Record<FormName, string[]>>
  /** A ready transport (tests); wins over smtpUrl. */
  transport?: MailTransport
  /** smtp:// or smtps:// URL. With neither this nor `transport`, mail is written as .eml files under <outboxDir>/sent-eml. */
  smtpUrl?: string
  /** Per client address and form. Default 10. */
  rateLimitPerMinute?: number
  /** A submission whose fillTimeMs is below this is treated as a bot. Default 3000. */
  minSubmitMs?: number
  /** First retry delay after a transient failure, doubling per attempt. Default 5000. */
  retryBaseMs?: number
  /** Longest retry delay. Default 15 minutes. */
  retryMaxMs?: number
  /** redis://… : submissions become BullMQ jobs that every instance shares (server/queue/). Unset: the disk outbox. */
  redisUrl?: string
  /** Redis queue: a mail still failing this long after it was accepted becomes a dead letter. Default 5 days. */
  mailMaxAgeMs?: number
  /** Redis queue: a job held by an instance that died goes to another one after this long. Default 30 s. */
  redisLockMs?: number
  /** Time source for received-at stamps and outbox ages. Default Date.now. */
  clock?: () => number
  log?: (line: string) => void
}

/** A type alias, not an interface, so it fits the app's `Record<string, unknown>` health slot. */
export type FormsHealth = {
  outbox: OutboxStats | Omit<QueueReadiness, 'backend' | 'reachable' | 'problem'>
  /** With REDIS_URL only. */
  redis?: Pick<QueueReadiness, 'reachable' | 'problem'>
}

export interface FormsService {
  middleware: Middleware
  health(): Promise<FormsHealth>
  /** For /ready: the queue's store reachable, its depth, oldest waiting age and dead letters. */
  readiness(): Promise<QueueReadiness>
  /** Start delivering mail (including what a previous run left pending). */
  start(): void
  /** Finish the message being sent and stop; nothing pending is lost. */
  stop(): Promise<void>
}

const DAY_MS = 24 * 60 * 60_000
/** Sent receipts and remembered answers hold no visitor data; a week covers any retry and any question. */
const RECORD_RETENTION_MS = 7 * DAY_MS

function recipientsPerForm(options: FormsServiceOptions): Record<FormName, string[]> {
  const perForm = Object.fromEntries(
    FORM_NAMES.map((name) => [
      name,
      options.mailToByForm?.[name]?.length ? options.mailToByForm[name] : options.mailTo,
    ]),
  ) as Record<FormName, string[]>
  const without = FORM_NAMES.filter((name) => perForm[name].length === 0)
  if (without.length > 0)
    throw new Error(
      `No mail recipients for the ${without.join(', ')} form: set MAIL_TO (or MAIL_TO_${without[0]?.toUpperCase()}).`,
    )
  return perForm
}

/** The forms endpoints, the outbox and the delivery worker, wired together. */
export function createFormsService(options: FormsServiceOptions): FormsService & { deliveryIdle(): Promise<void> } {
  const now = options.clock ?? Date.now
  const log = options.log ?? ((line: string) => console.log(line))
  const addressing: MailAddressing = { from: options.mailFrom, to: recipientsPerForm(options) }
  const sender = options.transport
    ? senderFromTransport(options.transport)
    : options.smtpUrl
      ? smtpSender(options.smtpUrl)
      : emlFileSender(join(options.outboxDir, 'sent-eml'), log)
  const retryBaseMs = options.retryBaseMs ?? 5000
  const retryMaxMs = options.retryMaxMs ?? 15 * 60_000

  /** The embedded default: everything in OUTBOX_DIR, one process. */
  function diskBackend(): FormsBackend {
    const outbox = createOutbox(options.outboxDir, now)
    const idempotency = createIdempotencyStore(join(options.outboxDir, 'idempotency'), now)
    const worker = createDeliveryWorker({ outbox, sender, addressing, retryBaseMs, retryMaxMs, now, log })
    return {
      queue: createDiskQueue(outbox, worker),
      idempotency,
      health: async () => ({ outbox: await outbox.stats() }),
      prune: () => Promise.all([outbox.prune(RECORD_RETENTION_MS), idempotency.prune(RECORD_RETENTION_MS)]),
    }
  }
  // The one place the queue is chosen.
  const backend = options.redisUrl
    ? createRedisFormsBackend({
        redisUrl: options.redisUrl,
        sender,
        addressing,
        retryBaseMs,
        retryMaxMs,
        maxAgeMs: options.mailMaxAgeMs ?? 5 * DAY_MS,
        lockMs: options.redisLockMs ?? 30_000,
        recordKeepMs: RECORD_RETENTION_MS,
        log,
      })
    : diskBackend()

  let pruneTimer: NodeJS.Timeout | undefined
  const prune = () =>
    backend.prune().catch((error: unknown) =>
      log(`[forms] pruning old outbox records failed: ${String(error)}`),
    )

  return {
    middleware: createFormsMiddleware({
      apiKey: options.apiKey,
      rateLimitPerMinute: options.rateLimitPerMinute ?? 10,
      minSubmitMs: options.minSubmitMs ?? 3000,
      idempotency: backend.idempotency,
      outbox: backend.queue,
      now,
      log,
      onQueued: () => undefined, // the queue's enqueue wakes its worker itself
      ...(backend.createRateLimit ? { createRateLimit: backend.createRateLimit } : {}),
    }),
    health: backend.health,
    readiness: () => backend.queue.readiness(),
    start() {
      backend.queue.start()
      void prune()
      pruneTimer ??= setInterval(() => void prune(), DAY_MS / 24).unref()
    },
    async stop() {
      clearInterval(pruneTimer)
      pruneTimer = undefined
      await backend.queue.stop()
    },
    deliveryIdle: () => backend.queue.idle(),
  }
}
