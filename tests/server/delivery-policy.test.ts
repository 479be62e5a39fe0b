// @vitest-environment node
/** The delivery policy both queues follow (server/queue/delivery-policy.ts): when to retry and when to give up. */
import { describe, expect, it } from 'vitest'
import { FORMS_DEFAULTS } from '../../server/settings/config.ts'
import { decideAfterFailure, retryDelay, type DeliveryPolicySettings } from '../../server/queue/delivery-policy.ts'
import { ATTEMPTS_BEFORE_GIVING_UP, TEST_SCHEDULE } from './support/schedule-clock.ts'

const transient = { permanent: false }
const refused = { permanent: true }

describe('the delivery policy', () => {
  it.each([
    // attempts, age of the mail, verdict → decision
    { attempts: 1, ageMs: 0, verdict: transient, decision: { retry: true, delayMs: 20 } },
    { attempts: 2, ageMs: 20, verdict: transient, decision: { retry: true, delayMs: 40 } },
    { attempts: 3, ageMs: 60, verdict: transient, decision: { retry: true, delayMs: 80 } },
    { attempts: 4, ageMs: 140, verdict: transient, decision: { retry: true, delayMs: 100 } }, // doubling stops at the maximum
    { attempts: 5, ageMs: 240, verdict: transient, decision: { retry: false, why: 'too-old' } }, // its retry would come at 340 ms, past 250
    { attempts: 4, ageMs: 150, verdict: transient, decision: { retry: true, delayMs: 100 } }, // the retry lands exactly on the deadline: still allowed
    { attempts: 4, ageMs: 151, verdict: transient, decision: { retry: false, why: 'too-old' } }, // a millisecond later: not
    { attempts: 30, ageMs: 0, verdict: transient, decision: { retry: true, delayMs: 100 } }, // many attempts in a young mail (a re-queued dead letter)
    { attempts: 1, ageMs: 0, verdict: refused, decision: { retry: false, why: 'refused' } }, // a 5xx to the message: at once, however young
    { attempts: 3, ageMs: 1000, verdict: refused, decision: { retry: false, why: 'refused' } },
  ])('after attempt $attempts at age $ageMs ms ($verdict.permanent permanent): $decision', ({ attempts, ageMs, verdict, decision }) => {
    expect(decideAfterFailure(TEST_SCHEDULE, { attempts, ageMs, verdict })).toEqual(decision)
  })

  it('spaces attempts by doubling delays up to the maximum, never below the base', () => {
    const settings = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 }
    expect([1, 2, 3, 4, 5, 8, 20].map((failures) => retryDelay(settings, failures))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 3_600_000, 3_600_000])
    expect(retryDelay(settings, 0)).toBe(30_000)
  })

  it('never attempts a mail past its deadline: walked attempt by attempt, the last one is at most one delay before it', () => {
    const walk = (settings: DeliveryPolicySettings) => {
      const ages = [0]
      for (;;) {
        const decision = decideAfterFailure(settings, { attempts: ages.length, ageMs: ages.at(-1)!, verdict: transient })
        if (!decision.retry) return ages
        ages.push(ages.at(-1)! + decision.delayMs)
      }
    }
    expect(walk(TEST_SCHEDULE)).toEqual([0, 20, 60, 140, 240])
    expect(walk(TEST_SCHEDULE)).toHaveLength(ATTEMPTS_BEFORE_GIVING_UP)
    // The defaults (server/settings/settings-table.ts): 5 s doubling to 15 min, for 5 days.
    const { retryBaseMs, retryMaxMs, maxAgeMs } = FORMS_DEFAULTS
    const attempts = walk({ retryBaseMs, retryMaxMs, maxAgeMs })
    expect(attempts.at(-1)).toBeLessThanOrEqual(maxAgeMs)
    expect(attempts.at(-1)! + retryMaxMs).toBeGreaterThan(maxAgeMs)
  })
})
