import type { OutboxMessage } from '../queue/outbox-message.ts'
import { StoreUnavailableError } from '../queue/store-errors.ts'
import { unreachableQueue, type Admission, type SubmissionQueue } from '../queue/submission-queue.ts'
import { uploadStaging, type StageUpload } from '../queue/upload-staging.ts'
import type { Logger } from '../../ground/log.ts'
import type { DeliveryWorker } from './delivery-worker.ts'
import { OutboxFullError, type DiskSpaceGuard, type SpaceClaim } from './disk-space.ts'
import { messageFileContent } from './message-file.ts'
import type { Outbox } from './outbox.ts'

export interface DiskQueueOptions {
  outbox: Outbox
  worker: DeliveryWorker
  space: DiskSpaceGuard
  /** Stored messages whose answer is not settled; the worker leaves them alone (its `isHeld`). */
  held: Set<string>
  log: Logger
}

/** Besides the message itself, a submission may write its retry schedule (under two hundred bytes) if its first attempt fails. */
const RETRY_SCHEDULE_BYTES = 512
/** With an Idempotency-Key, its answer too (a few hundred bytes). */
const IDEMPOTENCY_ANSWER_BYTES = 1024
/** The smallest submission worth taking: a short contact message. */
const SMALLEST_MESSAGE_BYTES = 512

/** The size of the message's file, counted piece by piece: no second (JSON) copy of a résumé just to measure it. */
function messageBytes(message: OutboxMessage): number {
  let bytes = 0
  for (const piece of messageFileContent(message)) bytes += Buffer.byteLength(piece)
  return bytes
}

/** The embedded default: the durable outbox folder and this process's delivery worker. */
export function createDiskQueue({ outbox, worker, space, held, log }: DiskQueueOptions): SubmissionQueue & {
  smallestSubmissionBytes(): Promise<number>
  stageUpload: StageUpload
} {
  let refusing = false

  /** Room for files of these sizes, or StoreUnavailableError (outbox_full) when they would eat into the reserve. */
  async function claimSpace(files: number[]): Promise<SpaceClaim> {
    try {
      const claim = await space.claim(await space.footprint(files))
      if (refusing) log.info({ freeBytes: (await space.figures(0)).freeBytes }, 'outbox disk above its reserve again: accepting submissions')
      refusing = false
      return claim
    } catch (error) {
      if (!(error instanceof OutboxFullError)) throw error
      // Once per spell, not once per refused visitor.
      if (!refusing)
        log.error({ freeBytes: error.freeBytes, reserveBytes: error.reserveBytes, outboxDir: outbox.rootDir }, 'outbox disk at its reserve: refusing submissions (503)')
      refusing = true
      throw new StoreUnavailableError('outbox_full', error.message)
    }
  }

  /**
   * `keyed`: the request writes its idempotency answer after its messages (the middleware's
   * admissions). A submission may queue several messages (the owner's mail, the visitor's
   * confirmation, the webhook): all are held, withdrawn or released together.
   */
  function admit(keyed = true): Admission {
    /** The messages this request queued itself (not found already there). */
    const mine: string[] = []
    // Counted until the request is settled: its idempotency answer is written after the messages.
    const claims: SpaceClaim[] = []
    return {
      async enqueue(message) {
        const claim = await claimSpace([messageBytes(message), RETRY_SCHEDULE_BYTES, ...(keyed && claims.length === 0 ? [IDEMPOTENCY_ANSWER_BYTES] : [])])
        // Held before the file can appear, so the worker (which also watches the folder) leaves it alone.
        const holding = !held.has(message.id)
        if (holding) held.add(message.id)
        try {
          const outcome = await outbox.enqueue(message)
          if (outcome === 'queued' && holding) mine.push(message.id)
          else if (holding) held.delete(message.id)
          claims.push(claim)
          return outcome
        } catch (error) {
          if (holding) held.delete(message.id)
          claim.dropped() // writeFileDurably removed its temporary file
          throw error
        }
      },
      async withdraw() {
        if (mine.length === 0) return false
        // The last queued first, so that a withdrawal that fails leaves the owner's mail (queued first) and is answered a success.
        while (mine.length > 0) {
          const id = mine.at(-1)!
          try {
            await outbox.withdraw(id)
          } catch (error) {
            log.error({ id, err: error }, 'a submission could not be withdrawn; it will be sent')
            return false // release() hands what is left to the worker
          }
          mine.pop()
          held.delete(id)
        }
        for (const claim of claims.splice(0)) claim.dropped()
        return true
      },
      release() {
        for (const claim of claims.splice(0)) claim.written()
        if (mine.length === 0) return
        for (const id of mine.splice(0)) held.delete(id)
        worker.notify() // deliver them now rather than at the next sweep
      },
    }
  }

  return {
    admit,
    async enqueue(message) {
      const admission = admit(false)
      try {
        return await admission.enqueue(message)
      } finally {
        admission.release()
      }
    },
    start: () => worker.start(),
    stop: () => worker.stop(),
    async readiness() {
      try {
        return { backend: 'disk', reachable: true, ...(await outbox.stats()) }
      } catch (error) {
        return unreachableQueue('disk', error)
      }
    },
    idle: () => worker.idle(),
    /** An upload is written into the outbox's own folder, its room (the largest file it may be) claimed before a byte is read. */
    stageUpload: uploadStaging(outbox.uploadsDir, (maxBytes) => claimSpace([maxBytes])),
    /** What one more submission needs at least: /ready says not ready below the reserve plus this. */
    smallestSubmissionBytes: () => space.footprint([SMALLEST_MESSAGE_BYTES, RETRY_SCHEDULE_BYTES]),
  }
}
