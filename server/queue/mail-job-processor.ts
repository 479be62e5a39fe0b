import type { Logger } from '../log.ts'
import { UnrecoverableError, type Job } from 'bullmq'
import { composeMail, type MailAddressing } from '../mail/compose-mail.ts'
import { classifyDeliveryFailure } from '../mail/delivery-failure.ts'
import type { DeliveryAttemptListener } from '../mail/delivery-outcome.ts'
import type { MailSender } from '../mail/mail-sender.ts'
import type { OutboxMessage } from '../outbox/outbox-message.ts'
import type { DeliveryRecords } from './delivery-records.ts'

export interface MailJobOptions {
  sender: MailSender
  addressing: MailAddressing
  records: DeliveryRecords
  /** First retry delay after a transient failure, doubling per attempt up to `retryMaxMs`. */
  retryBaseMs: number
  retryMaxMs: number
  /** A mail still failing this long after it was accepted is given up on (Postfix's queue lifetime). */
  maxAgeMs: number
  log: Logger
  /** Told the outcome of every attempt (the metrics count them). */
  onAttempt?: DeliveryAttemptListener
}

const acceptedAt = (job: Job<OutboxMessage>) => Date.parse(job.data.receivedAt) || job.timestamp

/**
 * BullMQ's custom backoff: doubling from retryBaseMs, capped at retryMaxMs, and never past the
 * job's deadline, so the last attempt happens right at MAIL_MAX_AGE_MS rather than a cap later.
 */
export function mailBackoff(options: Pick<MailJobOptions, 'retryBaseMs' | 'retryMaxMs' | 'maxAgeMs'>) {
  return (attemptsMade: number, _type?: string, _error?: Error, job?: { data?: unknown; timestamp?: number }) => {
    const delay = Math.min(options.retryBaseMs * 2 ** Math.max(0, attemptsMade - 1), options.retryMaxMs)
    const receivedAt = Date.parse((job?.data as OutboxMessage | undefined)?.receivedAt ?? '') || job?.timestamp
    if (!receivedAt) return delay
    return Math.max(0, Math.min(delay, receivedAt + options.maxAgeMs - Date.now()))
  }
}

/**
 * Sends one job's mail. Returns the SMTP reply (kept as the job's result); throws to have BullMQ
 * retry it, or an UnrecoverableError to make it a dead letter (the failed set) with its reason:
 * a 5xx reply to the message at once, any other failure once the mail is MAIL_MAX_AGE_MS old.
 */
export function createMailJobProcessor(options: MailJobOptions) {
  const { sender, addressing, records, log } = options
  return async (job: Job<OutboxMessage>): Promise<string> => {
    const id = job.id ?? job.data.id
    const attempt = job.attemptsMade + 1
    const before = await records.begin(id, attempt)
    if (before === 'sent') {
      log.info({ id }, 'mail was delivered before its job could complete; not sending it again')
      return 'already sent'
    }
    if (before === 'sending') {
      await records.countPossibleDuplicate(id)
      log.warn({ id }, 'possible duplicate: an earlier attempt stopped mid-send; sending again with the same Message-ID')
    }

    let response: string
    try {
      response = await sender.send(composeMail(job.data, addressing), id)
    } catch (error) {
      const verdict = classifyDeliveryFailure(error)
      await records.retrying(id, verdict.reason)
      if (verdict.permanent) {
        log.error({ id, form: job.data.form, reason: verdict.reason }, 'mail refused permanently: a dead letter')
        options.onAttempt?.(job.data.form, 'dead_letter')
        throw new UnrecoverableError(`refused permanently: ${verdict.reason}`)
      }
      const ageMs = Date.now() - acceptedAt(job)
      if (ageMs >= options.maxAgeMs) {
        log.error({ id, form: job.data.form, attempts: attempt, reason: verdict.reason }, 'mail given up after MAIL_MAX_AGE_MS: a dead letter')
        options.onAttempt?.(job.data.form, 'dead_letter')
        throw new UnrecoverableError(`gave up after ${attempt} attempts over ${Math.round(ageMs / 1000)} s: ${verdict.reason}`)
      }
      log.warn({ id, form: job.data.form, attempts: attempt, reason: verdict.reason }, 'mail attempt failed, will retry')
      options.onAttempt?.(job.data.form, 'retry')
      throw new Error(verdict.reason)
    }
    await records.sent(id, response)
    log.info({ id, form: job.data.form, attempts: attempt }, 'mail delivered')
    options.onAttempt?.(job.data.form, 'delivered')
    return response
  }
}
