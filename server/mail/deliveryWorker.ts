import pLimit from 'p-limit'
import type { Outbox } from '../outbox/outbox.ts'
import type { OutboxMessage } from '../outbox/outboxMessage.ts'
import { composeMail, type MailAddressing } from './composeMail.ts'
import { classifyDeliveryFailure } from './deliveryFailure.ts'
import type { MailSender } from './mailSender.ts'

export interface DeliveryWorkerOptions {
  outbox: Outbox
  sender: MailSender
  addressing: MailAddressing
  /** First retry after this long, doubling per attempt up to `retryMaxMs`. */
  retryBaseMs: number
  retryMaxMs: number
  /** Messages in flight at once (the SMTP pool's connections are shared among them). Default 8. */
  concurrency?: number
  /** Clock for the timestamps written to disk; retry timers run on real time. */
  now: () => number
  log: (line: string) => void
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>

/**
 * Delivers the outbox oldest first, several messages at a time (a pooled SMTP transport keeps a few
 * connections open, so a burst drains at the mail server's pace, not one handshake per mail).
 *
 * At-least-once, and exactly once in practice. For each message: send; on the server's "250
 * accepted", write a durable sent receipt (the commit point); then delete the pending file. After
 * a crash, a pending message that has a receipt is deleted without sending. The only window for
 * a duplicate is between the server's 250 and the receipt's fsync (a few milliseconds): killed
 * exactly there, the message is sent again on restart, with the same Message-ID, so the mail
 * system can fold the two. Killed anywhere else, it is sent exactly once. Nothing is lost: the
 * pending file only goes away after the receipt exists.
 *
 * Each message is handled by one task from start to finish, so concurrency changes nothing of the
 * above: its receipt is written after its own 250, whatever the other messages are doing.
 *
 * One worker per outbox folder: two server processes sharing OUTBOX_DIR would both send.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions) {
  const { outbox, sender, addressing, retryBaseMs, retryMaxMs, now, log } = options
  /** Per message: attempts so far and when (Date.now) to try again. In memory: a restart retries at once. */
  const retries = new Map<string, { attempts: number; notBefore: number }>()
  let started = false
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let passRequested = false

  const limit = pLimit(options.concurrency ?? 8)
  const backoff = (attempts: number) => Math.min(retryBaseMs * 2 ** (attempts - 1), retryMaxMs)

  async function send(id: string, message: OutboxMessage, attempts: number): Promise<void> {
    let response: string
    try {
      response = await sender.send(composeMail(message, addressing), id)
    } catch (error) {
      const verdict = classifyDeliveryFailure(error)
      if (verdict.permanent) {
        await outbox.moveToDeadLetter(id, { ...verdict, failedAt: new Date(now()).toISOString(), attempts })
        retries.delete(id)
        log(`[mail] ${id} (${message.form}) refused permanently, moved to dead-letter: ${verdict.reason}`)
      } else {
        const delay = backoff(attempts)
        retries.set(id, { attempts, notBefore: Date.now() + delay })
        log(`[mail] ${id} (${message.form}) attempt ${attempts} failed, retrying in ${delay} ms: ${verdict.reason}`)
      }
      return
    }
    await outbox.markSent(id, { messageId: id, sentAt: new Date(now()).toISOString(), response })
    await outbox.removePending(id)
    retries.delete(id)
    log(`[mail] ${id} (${message.form}) delivered after ${attempts} attempt(s): ${response}`)
  }

  async function deliver(id: string): Promise<void> {
    if (await outbox.isSent(id)) {
      // Crashed after the receipt but before the delete: it was delivered, finish the job.
      await outbox.removePending(id)
      log(`[mail] ${id} was already delivered before a restart; removed from the outbox`)
      return
    }
    let message: OutboxMessage
    try {
      message = await outbox.read(id)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      await outbox.moveToDeadLetter(id, {
        reason: `unreadable outbox file: ${String(error)}`,
        failedAt: new Date(now()).toISOString(),
        attempts: 0,
      })
      log(`[mail] ${id} could not be read, moved to dead-letter`)
      return
    }
    await send(id, message, (retries.get(id)?.attempts ?? 0) + 1)
  }

  /** One sweep over the outbox; returns when (Date.now) the earliest postponed retry is due. */
  async function sweep(): Promise<number> {
    let nextDue = Number.POSITIVE_INFINITY
    const pending = await outbox.listPending()
    await Promise.all(
      pending.map(({ id }) =>
        limit(async () => {
          if (stopped) return
          const waiting = retries.get(id)
          if (!waiting || waiting.notBefore <= Date.now()) await deliver(id)
          const after = retries.get(id)
          if (after) nextDue = Math.min(nextDue, after.notBefore)
        }),
      ),
    )
    return nextDue
  }

  function wakeAt(due: number) {
    clearTimeout(timer)
    if (stopped || !Number.isFinite(due)) return
    timer = setTimeout(run, Math.max(0, due - Date.now()))
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
      } catch (error) {
        log(`[mail] outbox sweep failed, trying again in ${retryBaseMs} ms: ${String(error)}`)
        nextDue = Date.now() + retryBaseMs
      } finally {
        running = undefined
      }
      wakeAt(nextDue)
    })()
  }

  return {
    /** Begin delivering, including whatever a previous run left pending. */
    start(): void {
      if (started) return
      started = true
      run()
    },
    /** A new message was queued: deliver it now rather than at the next timer. */
    notify: run,
    /** Finish the message in hand, then stop; pending mail stays on disk for the next start. */
    async stop(): Promise<void> {
      stopped = true
      clearTimeout(timer)
      await running
      sender.close()
    },
    /** Test hook: resolves when the current sweep (if any) is done. */
    idle: async (): Promise<void> => {
      while (running) await running
    },
  }
}
