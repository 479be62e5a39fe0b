import type { Middleware } from 'koa'
import type { FormName } from '../../site/generated/forms.ts'
import type { IdempotencyStore, Withdrawable } from '../outbox/idempotency-store.ts'
import type { EnqueueResult } from '../outbox/outbox.ts'
import type { OutboxMessage } from '../outbox/outbox-message.ts'
import type { DiskSpaceFigures } from '../outbox/disk-space.ts'

/**
 * Where accepted submissions wait for their mail, and the worker that sends it. Two
 * implementations, chosen in createFormsService: the disk outbox of one server process
 * (disk-queue.ts, the default) and a BullMQ queue on Redis shared by any number of instances
 * (bullmq-queue.ts, with REDIS_URL).
 */
export interface SubmissionQueue {
  /**
   * Resolves only once the message is durable: fsync'd on disk, or acknowledged by Redis. The
   * answer to the visitor waits for this. An id seen before (same Idempotency-Key) is not queued twice.
   */
  enqueue(message: OutboxMessage): Promise<EnqueueResult>
  /**
   * For a request whose answer is settled after the enqueue (the idempotency record): what it
   * queues waits until `release()`, or is taken back by `withdraw()`. The disk outbox only; on
   * Redis the job is handed to the workers at once, its id keeping a retry to one mail.
   */
  admit?(): Admission
  /** Start this process's delivery worker, including whatever a previous run left pending. */
  start(): void
  /** Finish the mail in hand and stop; nothing accepted is lost. */
  stop(): Promise<void>
  /** Never throws: an unreachable store is reported as `reachable: false`. */
  readiness(): Promise<QueueReadiness>
  /** Test hook: resolves when this process has no delivery in hand. */
  idle(): Promise<void>
}

/** One request's use of the queue: what it queued stays out of the worker's hands until `release()`. */
export interface Admission extends Withdrawable {
  enqueue(message: OutboxMessage): Promise<EnqueueResult>
  /** Hand what it queued to the worker (nothing when it queued nothing or withdrew it). */
  release(): void
}

/** For /health and /ready. Counts are null when the store cannot be read. */
export type QueueReadiness = {
  backend: 'disk' | 'redis'
  /** The outbox folder (disk) or Redis (redis) answered. */
  reachable: boolean
  /** Accepted and not yet delivered: waiting, retrying (delayed) and being sent. */
  depth: number | null
  /** Age of the oldest submission waiting for its first attempt or a retry. */
  oldestAgeSeconds: number | null
  /** Given up on (dead-letter folder, or BullMQ's failed set). */
  deadLetters: number | null
  /** Why the store could not be read, when it could not. */
  problem?: string
}

/** The readiness of a store that could not be read: nothing known but why. */
export const unreachableQueue = (backend: QueueReadiness['backend'], error: unknown): QueueReadiness => ({
  backend,
  reachable: false,
  depth: null,
  oldestAgeSeconds: null,
  deadLetters: null,
  problem: error instanceof Error ? error.message : String(error),
})

/** What /health and /ready report of the queue, whichever it is; the disk outbox adds its filesystem's free space. */
export type QueueFigures = Pick<QueueReadiness, 'depth' | 'oldestAgeSeconds' | 'deadLetters'> & Partial<Omit<DiskSpaceFigures, 'problem'>>

/** A type alias, not an interface, so it fits the app's `Record<string, unknown>` health slot. */
export type FormsHealth = {
  /** Mail accepted and not yet delivered; null when the outbox (or Redis) cannot be read. */
  outbox: QueueFigures | null
  /** With REDIS_URL only. */
  redis?: { reachable: boolean; problem?: string }
}

interface StoreCheck {
  name: string
  ok: boolean
  problem?: string | undefined
}

/** Everything that differs between one process and many instances, chosen in createFormsService. */
export interface FormsBackend {
  queue: SubmissionQueue
  idempotency: IdempotencyStore
  /** The per-form rate limiter; absent means the in-memory default. */
  createRateLimit?: (form: FormName, perMinute: number) => Middleware
  health(): Promise<FormsHealth>
  /** For /ready: can the store (outbox folder and its free space, Redis) take a submission now? */
  storeChecks(): Promise<StoreCheck[]>
  /** Resolves true once the store can take submissions, false after `timeoutMs` (the disk: at once). */
  whenReady?(timeoutMs: number): Promise<boolean>
  /** Drop old records the store does not expire by itself. */
  prune(): Promise<unknown>
}
