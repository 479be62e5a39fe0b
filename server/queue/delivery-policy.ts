import type { FailureVerdict } from './delivery-failure.ts'

/** MAIL_RETRY_BASE_MS, MAIL_RETRY_MAX_MS and MAIL_MAX_AGE_MS (declared in server/settings/settings-table.ts). */
export interface DeliveryPolicySettings {
  /** The wait after the first failed attempt; it doubles with each further one. */
  retryBaseMs: number
  /** The longest wait between two attempts. */
  retryMaxMs: number
  /** How long after its arrival a mail may still be attempted. */
  maxAgeMs: number
}

/** What to do with a mail whose attempt just failed. */
export type DeliveryDecision = { retry: true; delayMs: number } | { retry: false; why: 'refused' | 'too-old' }

/**
 * The wait before the next try after `failures` failures in a row (1 for the first): retryBaseMs,
 * doubling, at most retryMaxMs. The disk outbox and BullMQ space a mail's attempts by it, and the
 * disk worker its own bookkeeping that failed (a full disk).
 */
export function retryDelay(settings: Pick<DeliveryPolicySettings, 'retryBaseMs' | 'retryMaxMs'>, failures: number): number {
  return Math.min(settings.retryBaseMs * 2 ** Math.max(0, failures - 1), settings.retryMaxMs)
}

/**
 * The one rule of both queues, after a failed attempt:
 * - a permanent refusal (the mail server's 5xx to this message) is given up at once: retrying gets the same refusal;
 * - otherwise the mail is retried after retryDelay, unless that retry would come later than
 *   MAIL_MAX_AGE_MS after the mail arrived (`ageMs + delay > maxAgeMs`): then it is given up now.
 *   So no attempt is ever made past the deadline, and the last one is at most one delay before it.
 * `ageMs` is read on the injected clock by the caller: now minus when the mail arrived (or was re-queued by an operator).
 */
export function decideAfterFailure(settings: DeliveryPolicySettings, failure: { attempts: number; ageMs: number; verdict: Pick<FailureVerdict, 'permanent'> }): DeliveryDecision {
  if (failure.verdict.permanent) return { retry: false, why: 'refused' }
  const delayMs = retryDelay(settings, failure.attempts)
  if (failure.ageMs + delayMs > settings.maxAgeMs) return { retry: false, why: 'too-old' }
  return { retry: true, delayMs }
}
