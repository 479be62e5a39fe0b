import { UnrecoverableError, type Job } from 'bullmq'
import { classifyDeliveryFailure } from '../queue/delivery-failure.ts'
import type { Deliverer, DeliveryAttemptListener } from '../queue/delivery-attempts.ts'
import { decideAfterFailure, retryDelay, type DeliveryPolicySettings } from '../queue/delivery-policy.ts'
import type { OutboxMessage } from '../queue/outbox-message.ts'
import type { Logger } from '../../ground/log.ts'
import type { DeliveryRecords } from './delivery-records.ts'

/** The retry schedule and when to give up: server/queue/delivery-policy.ts, the same rule as the disk outbox's. */
export interface MailJobOptions extends DeliveryPolicySettings {
  /** Makes one attempt at a job (its mail, its confirmation or its webhook), forgets what its sender kept once it is recorded; closed when the queue stops. */
  deliverer: Deliverer
  records: DeliveryRecords
  /** The forms service's clock: a mail's age is read on it, as the disk outbox reads it. */
  now: () => number
  log: Logger
  /** Told the outcome of every attempt (the metrics count them). */
  onAttempt?: DeliveryAttemptListener
}

const acceptedAt = (job: Job<OutboxMessage>) => Date.parse(job.data.receivedAt) || job.timestamp

/**
 * BullMQ's custom backoff: the policy's retry delay after `attemptsMade` failures. The processor
 * has already decided with the same delay that the retry comes before the mail's deadline.
 */
export const mailBackoff = (options: Pick<DeliveryPolicySettings, 'retryBaseMs' | 'retryMaxMs'>) => (attemptsMade: number) => retryDelay(options, attemptsMade)

/**
 * Sends one job's mail. Returns the SMTP reply (kept as the job's result); throws to have BullMQ
 * retry it, or an UnrecoverableError to make it a dead letter (the failed set) with its reason:
 * a 5xx reply to the message at once, any other failure once the next retry would come past
 * MAIL_MAX_AGE_MS (server/queue/delivery-policy.ts).
 */
export function createMailJobProcessor(options: MailJobOptions) {
  const { deliverer, records, now, log } = options
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
      response = await deliverer.deliver(job.data, id)
    } catch (error) {
      const verdict = classifyDeliveryFailure(error)
      await records.retrying(id, verdict.reason)
      const ageMs = now() - acceptedAt(job)
      const decision = decideAfterFailure(options, { attempts: attempt, ageMs, verdict })
      if (!decision.retry && decision.why === 'refused') {
        log.error({ id, form: job.data.form, reason: verdict.reason }, 'mail refused permanently: a dead letter')
        options.onAttempt?.(job.data.form, 'dead_letter')
        throw new UnrecoverableError(`refused permanently: ${verdict.reason}`)
      }
      if (!decision.retry) {
        log.error({ id, form: job.data.form, attempts: attempt, reason: verdict.reason }, 'mail given up after MAIL_MAX_AGE_MS: a dead letter')
        options.onAttempt?.(job.data.form, 'dead_letter')
        throw new UnrecoverableError(`gave up after ${attempt} attempts over ${Math.round(ageMs / 1000)} s: ${verdict.reason}`)
      }
      log.warn({ id, form: job.data.form, attempts: attempt, retryInMs: decision.delayMs, reason: verdict.reason }, 'mail attempt failed, will retry')
      options.onAttempt?.(job.data.form, 'retry')
      throw new Error(verdict.reason)
    }
    await records.sent(id, response)
    // Tidying that may fail without harm: the sender's daily prune finishes it.
    await deliverer
      .forget(id)
      .catch((error: unknown) =>
        log.warn({ id, reason: error instanceof Error ? error.message : String(error) }, 'mail delivered; forgetting its copy failed, the next prune finishes it'),
      )
    log.info({ id, form: job.data.form, ...(job.data.action ? { action: job.data.action } : {}), attempts: attempt }, 'mail delivered')
    options.onAttempt?.(job.data.form, 'delivered')
    return response
  }
}
