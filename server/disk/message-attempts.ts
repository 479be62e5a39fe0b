import { classifyDeliveryFailure } from '../queue/delivery-failure.ts'
import type { Deliverer, DeliveryAttemptListener } from '../queue/delivery-attempts.ts'
import { decideAfterFailure, retryDelay, type DeliveryPolicySettings } from '../queue/delivery-policy.ts'
import type { OutboxMessage } from '../queue/outbox-message.ts'
import type { Logger } from '../../ground/log.ts'
import type { DeadLetterReason, RetrySchedule } from './message-file.ts'
import type { Outbox } from './outbox.ts'

/** The retry schedule and when to give up: server/queue/delivery-policy.ts, the same rule as the Redis queue's. */
export interface MessageAttemptsOptions extends DeliveryPolicySettings {
  outbox: Outbox
  /** Makes one attempt at a message (its mail, its confirmation or its webhook), and forgets what its sender kept once it is recorded. */
  deliverer: Deliverer
  now: () => number
  log: Logger
  /** Told the outcome of every attempt once it is recorded (the metrics count them). */
  onAttempt?: DeliveryAttemptListener
}

/**
 * What this process knows of a message but could not write down (a full or failing disk), so
 * that it still acts on it: a mail recorded as sent only here is never sent again by this
 * process, a schedule kept only here is still kept.
 */
interface Unwritten {
  /** The mail server took it, but the commit (the rename into sent/) failed: only the commit is tried again. */
  sent?: boolean
  /** Its retry schedule, when writing it failed. */
  schedule?: RetrySchedule
  /** Given up on, but moving it to the dead letters failed: only the move is tried again. */
  deadLetter?: DeadLetterReason
  /** Failed bookkeeping in a row: the next try waits the retry delay, doubling. */
  failures: number
  notBefore: number
}

/** The form a message id starts with (`contact-…`), for a message whose file is not read. */
const formOf = (id: string) => id.split('-')[0] ?? ''

/** A log line's note of which delivery it was, when not the owner's mail. */
const actionOf = (message: OutboxMessage) => (message.action ? { action: message.action } : {})

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** One message's turn: attempt it when due, then record the outcome in the outbox; see delivery-worker.ts for the guarantees. */
export function createMessageAttempts(options: MessageAttemptsOptions) {
  const { outbox, deliverer, now, log } = options
  const unwritten = new Map<string, Unwritten>()
  const note = (id: string, change: Partial<Unwritten>) => unwritten.set(id, { failures: 0, notBefore: 0, ...unwritten.get(id), ...change })

  async function giveUp(id: string, form: string, why: { reason: string; responseCode?: number }, attempts: number): Promise<undefined> {
    const reason: DeadLetterReason = { ...why, failedAt: new Date(now()).toISOString(), attempts }
    note(id, { deadLetter: reason }) // a failed move is tried again without sending again
    await outbox.moveToDeadLetter(id, reason)
    unwritten.delete(id)
    options.onAttempt?.(form, 'dead_letter')
    log.error({ id, form, attempts, reason: reason.reason }, 'mail given up: moved to the dead letters')
    return undefined
  }

  /** The commit, then tidying that may fail without harm (the next prune finishes it). */
  async function recordSent(id: string, form: string, details: Record<string, unknown>): Promise<undefined> {
    await outbox.markSent(id)
    unwritten.delete(id)
    options.onAttempt?.(form, 'delivered')
    const tidy = [outbox.emptySentRecord(id), outbox.forgetRetry(id), deliverer.forget(id)]
    for (const outcome of await Promise.allSettled(tidy))
      if (outcome.status === 'rejected') log.warn({ id, reason: errorText(outcome.reason) }, 'mail delivered; tidying its outbox files failed, the next prune finishes it')
    log.info({ id, ...details }, 'mail delivered')
    return undefined
  }

  async function failed(id: string, message: OutboxMessage, schedule: RetrySchedule | undefined, attempts: number, error: unknown): Promise<number | undefined> {
    const verdict = classifyDeliveryFailure(error)
    const ageFrom = schedule?.ageFrom ?? message.receivedAt
    const age = now() - Date.parse(ageFrom)
    const decision = decideAfterFailure(options, { attempts, ageMs: age, verdict })
    if (!decision.retry && decision.why === 'refused') return giveUp(id, message.form, verdict, attempts)
    if (!decision.retry)
      return giveUp(
        id,
        message.form,
        { ...verdict, reason: `undelivered after ${attempts} attempts over ${Math.round(age / 60_000)} min; last error: ${verdict.reason}` },
        attempts,
      )
    const delay = decision.delayMs
    const nextAttempt = now() + delay
    const next: RetrySchedule = { attempts, nextAttemptAt: new Date(nextAttempt).toISOString(), lastError: verdict.reason, ...(schedule?.ageFrom ? { ageFrom } : {}) }
    try {
      await outbox.writeRetry(id, next)
      if (unwritten.get(id)?.schedule) note(id, { schedule: undefined })
    } catch (writeError) {
      note(id, { schedule: next })
      log.error({ id, reason: errorText(writeError) }, 'the retry schedule could not be written; kept in memory')
    }
    log.warn({ id, form: message.form, ...actionOf(message), attempts, retryInMs: delay, reason: verdict.reason }, 'mail attempt failed, will retry')
    options.onAttempt?.(message.form, 'retry')
    return nextAttempt
  }

  async function attempt(id: string, schedule: RetrySchedule | undefined): Promise<number | undefined> {
    if (await outbox.isSent(id)) {
      // An outbox of an earlier version crashed between its sent receipt and this delete.
      await outbox.removePending(id)
      log.info({ id }, 'mail was delivered before a restart; removed from the outbox')
      return undefined
    }
    let message: OutboxMessage
    try {
      message = await outbox.read(id)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      return giveUp(id, formOf(id), { reason: `unreadable outbox file: ${String(error)}` }, 0)
    }
    const attempts = (schedule?.attempts ?? 0) + 1
    let response: string
    try {
      response = await deliverer.deliver(message, id)
    } catch (error) {
      return failed(id, message, schedule, attempts, error)
    }
    note(id, { sent: true }) // from here on, whatever fails, this process never sends it again
    return recordSent(id, message.form, { form: message.form, ...actionOf(message), attempts, response })
  }

  return {
    /** Resolves with when (in `now()` time) to look at this message again, or undefined when it is settled. Never rejects. */
    async handle(id: string): Promise<number | undefined> {
      const known = unwritten.get(id)
      if (known && known.notBefore > now()) return known.notBefore
      try {
        if (known?.sent) return await recordSent(id, formOf(id), { recordedLate: true })
        if (known?.deadLetter) return await giveUp(id, formOf(id), known.deadLetter, known.deadLetter.attempts)
        const schedule = known?.schedule ?? (await outbox.readRetry(id))
        const due = schedule ? Date.parse(schedule.nextAttemptAt) : now()
        return due > now() ? due : await attempt(id, schedule)
      } catch (error) {
        // Bookkeeping failed (a full or failing disk): wait, doubling, rather than try again at once.
        const failures = (unwritten.get(id)?.failures ?? 0) + 1
        const delay = retryDelay(options, failures)
        note(id, { failures, notBefore: now() + delay })
        log.error({ id, reason: errorText(error), retryInMs: delay, sent: unwritten.get(id)?.sent === true }, 'outbox bookkeeping failed; trying again later')
        return now() + delay
      }
    },
    /** Drop what is known of messages no longer pending (delivered, or removed by an operator). */
    forgetAllBut(pendingIds: Set<string>): void {
      for (const id of unwritten.keys()) if (!pendingIds.has(id)) unwritten.delete(id)
    },
  }
}
