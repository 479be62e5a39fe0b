import { constants } from 'node:fs'
import { access } from 'node:fs/promises'
import { join } from 'node:path'
import { cachedCheck } from '../../ground/cached-check.ts'
import type { Deliverer, DeliveryAttemptListener } from '../queue/delivery-attempts.ts'
import type { DeliveryPolicySettings } from '../queue/delivery-policy.ts'
import type { FormsBackend } from '../queue/submission-queue.ts'
import { ensureDirectory } from '../../ground/durable-files.ts'
import type { Logger } from '../../ground/log.ts'
import { createDeliveryWorker } from './delivery-worker.ts'
import { createDiskQueue } from './disk-queue.ts'
import { createDiskSpaceGuard, type DiskSpaceFigures, type ReadFilesystem } from './disk-space.ts'
import { createIdempotencyStore } from './idempotency-store.ts'
import { createOutbox } from './outbox.ts'

export interface DiskBackendOptions extends DeliveryPolicySettings {
  outboxDir: string
  /** OUTBOX_RESERVE_MB in bytes: submissions are refused before the free space would drop below it. */
  reserveBytes: number
  /** How the outbox's free space is read; default Node's fs.statfs (a test gives a small disk). */
  statfs?: ReadFilesystem | undefined
  /** Messages being sent at once (DELIVERY_CONCURRENCY). */
  concurrency: number
  deliverer: Deliverer
  /** How long sent records and remembered answers are kept; they hold no visitor data. */
  recordKeepMs: number
  /** How long dead letters are kept (RETENTION_DAYS). */
  retentionMs: number
  now: () => number
  log: Logger
  onAttempt: DeliveryAttemptListener
}

/** A readiness probe every few seconds must not touch the disk every few seconds. */
const READINESS_CACHE_MS = 5000
const MB = 1024 * 1024
const inMb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`

function spaceProblem(outboxDir: string, figures: DiskSpaceFigures): string | undefined {
  if (figures.disk === 'ok') return undefined
  if (figures.freeBytes === null) return `the free space of the outbox folder ${outboxDir} cannot be read: ${figures.problem ?? 'unknown error'}`
  return `the outbox folder ${outboxDir} has ${inMb(figures.freeBytes)} free, at its reserve of ${inMb(figures.reserveBytes)} (OUTBOX_RESERVE_MB): submissions are refused (503) until space is freed`
}

/** The embedded default: everything in OUTBOX_DIR, one process. */
export function createDiskBackend(options: DiskBackendOptions): FormsBackend {
  const { outboxDir, now, log, retentionMs } = options
  const outbox = createOutbox(outboxDir, now)
  const idempotency = createIdempotencyStore(join(outboxDir, 'idempotency'), { now, log })
  const space = createDiskSpaceGuard({ dir: outboxDir, reserveBytes: options.reserveBytes, ...(options.statfs ? { statfs: options.statfs } : {}) })
  /** Stored submissions whose answer is not settled yet: the worker leaves them alone. */
  const held = new Set<string>()
  const worker = createDeliveryWorker({
    outbox,
    deliverer: options.deliverer,
    retryBaseMs: options.retryBaseMs,
    retryMaxMs: options.retryMaxMs,
    maxAgeMs: options.maxAgeMs,
    concurrency: options.concurrency,
    now,
    log,
    onAttempt: options.onAttempt,
    isHeld: (id) => held.has(id),
  })
  const queue = createDiskQueue({ outbox, worker, space, held, log })
  const diskFigures = async () => space.figures(await queue.smallestSubmissionBytes())
  const writable = cachedCheck(READINESS_CACHE_MS, async () => {
    await ensureDirectory(outboxDir)
    await access(outboxDir, constants.W_OK)
  })
  return {
    queue,
    stageUpload: queue.stageUpload,
    idempotency,
    // Liveness must not fail because the disk does: figures when they can be read, else null.
    async health() {
      const [stats, { freeBytes, reserveBytes, disk }] = await Promise.all([outbox.stats().catch(() => null), diskFigures()])
      return { outbox: stats && { ...stats, freeBytes, reserveBytes, disk } }
    },
    async storeChecks() {
      const [outcome, figures] = await Promise.all([writable(), diskFigures()])
      return [
        { name: 'outboxWritable', ok: outcome.ok, problem: outcome.ok ? undefined : `the outbox folder is not writable: ${outcome.error}` },
        { name: 'outboxSpace', ok: figures.disk === 'ok', problem: spaceProblem(outboxDir, figures) },
      ]
    },
    async prune() {
      await outbox.prune(options.recordKeepMs, retentionMs)
      await idempotency.prune(options.recordKeepMs)
    },
  }
}
