import pLimit from 'p-limit'
import type { Logger } from '../log.ts'
import type { Outbox } from '../outbox/outbox.ts'
import type { OutboxMessage, RetrySchedule } from '../outbox/outbox-message.ts'
import { composeMail, type MailAddressing } from './compose-mail.ts'
import { classifyDeliveryFailure } from './delivery-failure.ts'
import type { DeliveryAttemptListener } from './delivery-outcome.ts'
import type { MailSender } from './mail-sender.ts'

export interface DeliveryWorkerOptions {
  outbox: Outbox
  sender: MailSender
  addressing: MailAddressing
  /** First retry after this long, doubling per attempt up to `retryMaxMs`. */
  retryBaseMs: number
  retryMaxMs: number
  /** A message still undelivered this long after it arrived becomes a dead letter (MAIL_MAX_AGE_MS). */
  maxAgeMs: number
  /** Messages in flight at once (the SMTP pool's connections are shared among them). */
  concurrency: number
  /** Clock for stamps, ages and the retry schedule. */
  now: () => number
  log: Logger
  /** Told the outcome of every attempt (the metrics count them). */
  onAttempt?: DeliveryAttemptListener
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
 * A transient failure is retried with doubling delay; the attempt count and next attempt are
 * written beside the message, so a restart keeps the schedule. Past `maxAgeMs`, or at once for a
 * permanent refusal (5xx), the message becomes a dead letter with its last error.
 *
 * Each message is handled by one task from start to finish, so concurrency changes nothing of the
 * above. One worker per outbox folder: two processes sharing OUTBOX_DIR would both send.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions) {
  const { outbox, sender, addressing, retryBaseMs, retryMaxMs, maxAgeMs, now, log } = options
  const limit = pLimit(options.concurrency)
  let started = false
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let passRequested = false

  const backoff = (attempts: number) => Math.min(retryBaseMs * 2 ** (attempts - 1), retryMaxMs)

  async function giveUp(id: string, message: OutboxMessage, why: { reason: string; responseCode?: number }, attempts: number) {
    await outbox.moveToDeadLetter(id, { ...why, failedAt: new Date(now()).toISOString(), attempts })
    options.onAttempt?.(message.form, 'dead_letter')
    log.error({ id, form: message.form, attempts, reason: why.reason }, 'mail given up: moved to the dead letters')
  }

  /** One attempt; resolves with when (in `now()` time) to try again, or undefined when it is settled. */
  async function send(id: string, message: OutboxMessage, schedule: RetrySchedule | undefined): Promise<number | undefined> {
    const attempts = (schedule?.attempts ?? 0) + 1
    let response: string
    try {
      response = await sender.send(composeMail(message, addressing), id)
    } catch (error) {
      const verdict = classifyDeliveryFailure(error)
      const ageFrom = schedule?.ageFrom ?? message.receivedAt
      const age = now() - Date.parse(ageFrom)
      const delay = backoff(attempts)
      if (verdict.permanent) {
        await giveUp(id, message, verdict, attempts)
        return undefined
      }
      if (age + delay > maxAgeMs) {
        await giveUp(id, message, { ...verdict, reason: `undelivered after ${attempts} attempts over ${Math.round(age / 60_000)} min; last error: ${verdict.reason}` }, attempts)
        return undefined
      }
      const nextAttempt = now() + delay
      await outbox.writeRetry(id, { attempts, nextAttemptAt: new Date(nextAttempt).toISOString(), lastError: verdict.reason, ...(schedule?.ageFrom ? { ageFrom } : {}) })
      log.warn({ id, form: message.form, attempts, retryInMs: delay, reason: verdict.reason }, 'mail attempt failed, will retry')
      options.onAttempt?.(message.form, 'retry')
      return nextAttempt
    }
    await outbox.markSent(id, { messageId: id, sentAt: new Date(now()).toISOString(), response })
    await outbox.removePending(id)
    await sender.forget?.(id)
    log.info({ id, form: message.form, attempts }, 'mail delivered')
    options.onAttempt?.(message.form, 'delivered')
    return undefined
  }

  async function deliver(id: string, schedule: RetrySchedule | undefined): Promise<number | undefined> {
    if (await outbox.isSent(id)) {
      // Crashed after the receipt but before the delete: it was delivered, finish the job.
      await outbox.removePending(id)
      log.info({ id }, 'mail was delivered before a restart; removed from the outbox')
      return
    }
    let message: OutboxMessage
    try {
      message = await outbox.read(id)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      await outbox.moveToDeadLetter(id, { reason: `unreadable outbox file: ${String(error)}`, failedAt: new Date(now()).toISOString(), attempts: 0 })
      log.error({ id }, 'outbox file unreadable: moved to the dead letters')
      return
    }
    return send(id, message, schedule)
  }

  /** One sweep over the outbox; returns when (in `now()` time) the earliest postponed retry is due. */
  async function sweep(): Promise<number> {
    let nextDue = Number.POSITIVE_INFINITY
    const pending = await outbox.listPending()
    await Promise.all(
      pending.map(({ id }) =>
        limit(async () => {
          if (stopped) return
          const schedule = await outbox.readRetry(id)
          const due = schedule ? Date.parse(schedule.nextAttemptAt) : now()
          const next = due <= now() ? await deliver(id, schedule) : due
          if (next !== undefined) nextDue = Math.min(nextDue, next)
        }),
      ),
    )
    return nextDue
  }

  function wakeAt(due: number) {
    clearTimeout(timer)
    if (stopped || !Number.isFinite(due)) return
    timer = setTimeout(run, Math.max(0, due - now()))
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
        log.error({ err: error, retryInMs: retryBaseMs }, 'outbox sweep failed, trying again')
        nextDue = now() + retryBaseMs
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
    /** Finish the messages in hand, then stop; pending mail stays on disk for the next start. */
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
