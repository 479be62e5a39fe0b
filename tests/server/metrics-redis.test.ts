// @vitest-environment node
/** /metrics with the queue on Redis (BullMQ): the same figures as with the disk outbox, from BullMQ's counts and its processor. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalRedis, type LocalRedis } from '../../scripts/lib/local-redis.ts'
import { needsSystemPackages } from '../helpers/system-packages.ts'
import { cleanUpAfterEachTest, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { scrape, startApp } from './support/metrics-app.ts'
import { valueOf } from './support/prometheus-text.ts'
import { waitFor } from './support/smtp-test-server.ts'

let redis: LocalRedis

needsSystemPackages('redis')
beforeAll(async () => {
  redis = await startLocalRedis()
}, 120_000)
afterAll(async () => {
  await redis?.stop()
})
cleanUpAfterEachTest()

describe('GET /metrics with the queue on Redis', () => {
  it('shows a waiting job in the queue depth, the redis check, and a refused mail as a dead letter', async () => {
    const { forms, http } = await startApp({ redisUrl: redis.url, smtpReply: () => ({ code: 550, message: 'Mailbox unavailable' }) })
    expect(await forms.whenReady(5000)).toBe(true)

    expect((await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)).status).toBe(200)
    const waiting = await scrape(http)
    expect(valueOf(waiting, 'site_outbox_depth')).toBe(1)
    expect(valueOf(waiting, 'site_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0)
    expect(valueOf(waiting, 'site_ready_check', { check: 'redis' })).toBe(1)
    expect(valueOf(waiting, 'site_form_submissions_total', { form: 'contact', outcome: 'accepted', reason: 'ok' })).toBe(1)

    forms.start()
    await waitFor(async () => valueOf(await scrape(http), 'site_mail_dead_letters') === 1, 10_000)
    const settled = await scrape(http)
    expect(valueOf(settled, 'site_mail_delivery_attempts_total', { form: 'contact', outcome: 'dead_letter' })).toBe(1)
    expect(valueOf(settled, 'site_outbox_depth')).toBe(0)
  }, 30_000)
})
