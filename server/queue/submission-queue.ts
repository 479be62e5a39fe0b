import type { Redis } from 'ioredis'
import type { ClaimStore } from './claim-store.ts'
import type { OutboxMessage } from './outbox-message.ts'
import type { StageUpload } from './upload-staging.ts'

/** `already-queued`: the same id (an Idempotency-Key's) waits already; `already-sent`: its mail went out. */
export type EnqueueResult = 'queued' | 'already-queued' | 'already-sent'

/**
 * Where accepted submissions wait for their mail, and the worker that sends it. Two
 * implementations, chosen in server/compose/forms-service.ts: the disk outbox of one server process
 * (server/disk/, the default) and a BullMQ queue on Redis shared by any number of instances
 * (server/redis/, with REDIS_URL). A queue that cannot take a submission throws StoreUnavailableError.
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
export type QueueFigures = Pick<QueueReadiness, 'depth' | 'oldestAgeSeconds' | 'deadLetters'> & {
  /** Free bytes of the outbox's filesystem; null when unreadable. */
  freeBytes?: number | null
  /** OUTBOX_RESERVE_MB in bytes. */
  reserveBytes?: number
  /** `low`: below the reserve plus room for one more submission, so submissions are refused. */
  disk?: 'ok' | 'low' | 'unknown'
}

/** A type alias, not an interface, so it fits the app's `Record<string, unknown>` health slot. */
export type FormsHealth = {
  /** Mail accepted and not yet delivered; null when the outbox (or Redis) cannot be read. */
  outbox: QueueFigures | null
  /** With REDIS_URL only. */
  redis?: { reachable: boolean; problem?: string }
}

/** What /ready reports: the health, whether a submission can be taken and delivered now, and why not. */
export type FormsReadiness = FormsHealth & {
  ready: boolean
  /** What was checked: the outbox folder or Redis, and the mail transport. */
  checks: Record<string, boolean>
  problems: string[]
}

/** An HTTP answer as it was first given, replayed verbatim for a repeated Idempotency-Key. */
export interface RememberedAnswer {
  status: number
  body: unknown
}

/** What a request queued, if the queue can take it back (the disk outbox's admissions). */
export interface Withdrawable {
  /** Take back what this request queued, so it is never sent; false when it queued nothing or could not. */
  withdraw(): Promise<boolean>
}

/** The first answer per (form, Idempotency-Key), on disk or in Redis. */
export interface IdempotencyStore {
  /**
   * Answer from memory if this key was answered before; otherwise run `handle` and remember its
   * answer when `shouldRemember` says so. A second request with the same key waits for the first.
   * If the answer cannot be remembered, what `queued` holds is withdrawn and the error thrown.
   */
  answerOnce(
    hash: string,
    handle: () => Promise<RememberedAnswer>,
    shouldRemember: (answer: RememberedAnswer) => boolean,
    queued?: Withdrawable,
  ): Promise<{ answer: RememberedAnswer; replayed: boolean }>
  /** Forget answers older than `maxAgeMs` (Redis expires them itself). */
  prune(maxAgeMs: number): Promise<number>
}

/**
 * The rate limit shared by every instance: koa-ratelimit's Redis driver on this connection.
 * `unavailable` turns a failure to ask it into the error the visitor is answered with (the same 503 as for the queue).
 */
export interface SharedRateLimitStore {
  redis: Redis
  unavailable(error: unknown): Error
}

interface StoreCheck {
  name: string
  ok: boolean
  problem?: string | undefined
}

/** Everything that differs between one process and many instances, chosen in server/compose/forms-service.ts. */
export interface FormsBackend {
  queue: SubmissionQueue
  /** Where an upload is written while it is read, on a disk the queue can take it over from. */
  stageUpload: StageUpload
  idempotency: IdempotencyStore
  /** Where the per-form rate limit counts; absent means in this process's memory. */
  rateLimitStore?: SharedRateLimitStore
  /** Where used ALTCHA challenges and this hour's confirmations are remembered; absent means in this process's memory. */
  claims?: ClaimStore
  health(): Promise<FormsHealth>
  /** For /ready: can the store (outbox folder and its free space, Redis) take a submission now? */
  storeChecks(): Promise<StoreCheck[]>
  /** Resolves true once the store can take submissions, false after `timeoutMs` (the disk: at once). */
  whenReady?(timeoutMs: number): Promise<boolean>
  /** Drop old records the store does not expire by itself. */
  prune(): Promise<unknown>
}
