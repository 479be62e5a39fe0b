import { retryDelay, type DeliveryPolicySettings } from '../../../server/queue/delivery-policy.ts'
import type { DeliveryOutcome } from '../../../server/queue/delivery-attempts.ts'

/**
 * The schedule every delivery test of the give-up rule uses: retries after 20, 40, 80, 100, 100… ms,
 * and a mail may be attempted until 250 ms after it arrived. By the rule (next retry past the
 * deadline: give up now), attempts come at ages 0, 20, 60, 140 and 240 ms, and the fifth is the
 * last: its retry would come at 340 ms.
 */
export const TEST_SCHEDULE: DeliveryPolicySettings = { retryBaseMs: 20, retryMaxMs: 100, maxAgeMs: 250 }
export const ATTEMPTS_BEFORE_GIVING_UP = 5

/**
 * A fake clock for the forms service (its `clock` option) that stands still except when a retry
 * is scheduled: then it moves on by exactly that retry's delay. So the n-th attempt of a mail sees
 * the age the schedule gives it, however slow the machine, and both queues can be held to the same
 * give-up moment. Hand `onAttempt` to the service's onDeliveryAttempt.
 */
export function scheduleClock(schedule: DeliveryPolicySettings = TEST_SCHEDULE, start = Date.parse('2030-01-01T10:00:00Z')) {
  let now = start
  let retries = 0
  return {
    clock: () => now,
    onAttempt(_form: string, outcome: DeliveryOutcome) {
      if (outcome === 'retry') now += retryDelay(schedule, ++retries)
    },
    /** How long after the start (the mail's arrival) the clock stands. */
    elapsedMs: () => now - start,
  }
}
