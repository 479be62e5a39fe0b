import { watch, type FSWatcher } from 'node:fs'
import pLimit from 'p-limit'
import { retryDelay } from '../queue/delivery-policy.ts'
import { isTemporaryName } from '../../ground/durable-files.ts'
import { createMessageAttempts, type MessageAttemptsOptions } from './message-attempts.ts'

/** What one message's attempts need (message-attempts.ts), and how the worker runs them. */
export interface DeliveryWorkerOptions extends MessageAttemptsOptions {
  /** Messages in flight at once (the SMTP pool's connections are shared among them). */
  concurrency: number
  /** Messages not to touch yet: stored, but their visitor's answer is not settled (disk-queue.ts). */
  isHeld?: (id: string) => boolean
  /** The longest the worker goes without looking at the outbox, in case a change went unseen. */
  safetySweepMs?: number
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>

/** fs.watch can miss events (network filesystems, some container mounts): look anyway this often. */
const SAFETY_SWEEP_MS = 60_000
/**
 * A message this large carries a résumé (the text fields of any form stay far below it). Each one
 * takes the mail server a while for its megabytes, so they go a few at a time beside the small
 * ones: a burst of forty applications does not hold up the contact messages behind it.
 */
const LARGE_MESSAGE_BYTES = 256 * 1024
const LARGE_MESSAGES_AT_ONCE = 2

/** A burst of file events (a write is a temporary file and a rename) becomes one sweep. */
const WATCH_SETTLE_MS = 25

/**
 * Delivers the outbox oldest first, several messages at a time (a pooled SMTP transport keeps a few
 * connections open, so a burst drains at the mail server's pace, not one handshake per mail).
 *
 * At-least-once, and exactly once in practice. For each message: send; on the server's "250
 * accepted", rename the pending file into sent/ (the commit point), then empty it (its content
 * is the visitor's data; the empty file keeps the id and, by its mtime, when it was delivered).
 * A rename and a truncation need no free space, so a full disk cannot keep a delivery from being
 * recorded. The only window for a duplicate is between the server's 250 and the rename's fsync (a
 * few milliseconds): killed exactly there, the message is sent again on restart, with the same
 * Message-ID, so the mail system can fold the two. Killed anywhere else, it is sent exactly once.
 * Nothing is lost: the message is in pending/ until it is in sent/. Killed between the rename
 * and the truncation, the sent record still holds the message: the next prune (at start, then
 * hourly) empties it.
 *
 * If a record cannot be written (a failing disk), this process remembers it in memory and acts
 * on it: a mail whose commit failed is never sent again here, only its commit is tried again; a
 * retry schedule that could not be written is kept; every failed piece of bookkeeping waits the
 * retry delay, doubling, before it is tried again. Only a restart before the record is written
 * loses that memory: then the message is sent again, as in the window above.
 *
 * A transient failure is retried with doubling delay; the attempt count and next attempt are
 * written beside the message, so a restart keeps the schedule. When the next retry would come past
 * `maxAgeMs`, or at once for a permanent refusal (5xx), the message becomes a dead letter with its
 * last error (server/queue/delivery-policy.ts, the rule the Redis queue follows too).
 *
 * The worker sweeps when told a message was queued, when a file appears in pending/ (fs.watch: an
 * operator's `npm run outbox -- retry`, from another process), when a retry is due, and at least
 * every `safetySweepMs`. Each message is handled by one task from start to finish, so
 * concurrency changes nothing of the above. One worker per outbox folder: two processes sharing
 * OUTBOX_DIR would both send.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions) {
  const { outbox, deliverer, now, log } = options
  const isHeld = options.isHeld ?? (() => false)
  const safetySweepMs = options.safetySweepMs ?? SAFETY_SWEEP_MS
  const limit = pLimit(options.concurrency)
  const largeLimit = pLimit(Math.min(LARGE_MESSAGES_AT_ONCE, options.concurrency))
  const attempts = createMessageAttempts(options)
  let started = false
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let settleTimer: NodeJS.Timeout | undefined
  let watcher: FSWatcher | undefined
  let running: Promise<void> | undefined
  let passRequested = false
  let failedSweeps = 0

  /** One sweep over the outbox; returns when (in `now()` time) the earliest postponed message is due. */
  async function sweep(): Promise<number> {
    let nextDue = Number.POSITIVE_INFINITY
    const pending = await outbox.listPending()
    attempts.forgetAllBut(new Set(pending.map(({ id }) => id)))
    await Promise.all(
      pending.map(({ id, bytes }) =>
        (bytes > LARGE_MESSAGE_BYTES ? largeLimit : limit)(async () => {
          if (stopped || isHeld(id)) return // a held message is handed over with notify()
          const next = await attempts.handle(id)
          if (next !== undefined) nextDue = Math.min(nextDue, next)
        }),
      ),
    )
    return nextDue
  }

  function wakeAt(due: number) {
    clearTimeout(timer)
    if (stopped) return
    timer = setTimeout(run, Math.min(Math.max(0, due - now()), safetySweepMs))
    timer.unref() // the HTTP server keeps the process alive, not a retry timer
  }

  function run(): void {
    if (!started || stopped) return
    if (running) {
      passRequested = true // picked up when the current sweep ends
      return
    }
    running = (async () => {
      let nextDue = Number.POSITIVE_INFINITY
      try {
        do {
          passRequested = false
          nextDue = await sweep()
        } while (passRequested && !stopped)
        failedSweeps = 0
      } catch (error) {
        failedSweeps += 1
        const delay = retryDelay(options, failedSweeps)
        log.error({ err: error, retryInMs: delay }, 'outbox sweep failed, trying again')
        nextDue = now() + delay
      } finally {
        running = undefined
      }
      wakeAt(nextDue)
    })()
  }

  function runSoon(): void {
    if (settleTimer || stopped) return
    settleTimer = setTimeout(() => {
      settleTimer = undefined
      run()
    }, WATCH_SETTLE_MS)
    settleTimer.unref()
  }

  function watchPending(): void {
    if (stopped) return
    const fallBack = (error: unknown) => {
      watcher?.close()
      watcher = undefined
      log.warn({ reason: error instanceof Error ? error.message : String(error), everyMs: safetySweepMs }, 'cannot watch the outbox folder; looking at it periodically instead')
    }
    try {
      // Our own writes show up too; temporary files are skipped and the rest coalesce into one sweep.
      watcher = watch(outbox.pendingDir, { persistent: false }, (_event, name) => {
        if (!name || !isTemporaryName(String(name))) runSoon()
      })
      watcher.on('error', fallBack)
    } catch (error) {
      fallBack(error)
    }
  }

  return {
    /** Begin delivering, including whatever a previous run left pending. */
    start(): void {
      if (started) return
      started = true
      outbox.prepare().then(watchPending, (error: unknown) => log.warn({ err: error }, 'the outbox folders could not be made; delivery tries again later'))
      run()
    },
    /** A message was queued (or released): deliver it now rather than at the next timer. */
    notify: run,
    /** Finish the messages in hand, then stop; pending mail stays on disk for the next start. */
    async stop(): Promise<void> {
      stopped = true
      clearTimeout(timer)
      clearTimeout(settleTimer)
      watcher?.close()
      await running
      deliverer.close()
    },
    /** Test hook: resolves when the current sweep (if any) is done. */
    idle: async (): Promise<void> => {
      while (running) await running
    },
  }
}
