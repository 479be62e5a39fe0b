// @vitest-environment node
/** /metrics with the queue on Redis (BullMQ): the same figures as with the disk outbox, from BullMQ's counts and its processor. */
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureRedisInstalled, startLocalRedis, type LocalRedis } from '../../scripts/lib/local-redis.ts'
import { createApp } from '../../server/app.ts'
import { createFormsService } from '../../server/forms-service.ts'
import { memoryLog } from '../../server/log.ts'
import { afterTest, cleanUpAfterEachTest, smtpServerForTest, temporaryDir, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { parseSamples, valueOf } from './support/prometheus-text.ts'
import { waitFor } from './support/smtp-test-server.ts'
import { makeTinyDist } from './support/tiny-site.ts'

let redis: LocalRedis

beforeAll(async () => {
  ensureRedisInstalled()
  redis = await startLocalRedis()
}, 120_000)
afterAll(async () => {
  await redis?.stop()
})
cleanUpAfterEachTest()

describe('GET /metrics with the queue on Redis', () => {
  it('shows a waiting job in the queue depth, the redis check, and a refused mail as a dead letter', async () => {
    const smtp = await smtpServerForTest(() => ({ code: 550, message: 'Mailbox unavailable' }))
    const { log } = memoryLog()
    const forms = createFormsService({
      outboxDir: await temporaryDir(),
      apiKey: TEST_API_KEY,
      mailFrom: 'Website forms <forms@example.com>',
      mailTo: ['sales@example.com'],
      smtpUrl: smtp.url,
      redisUrl: redis.url,
      minSubmitMs: 0,
      log,
    })
    afterTest(() => forms.stop())
    expect(await forms.whenReady(5000)).toBe(true)
    const http = request(createApp({ distDir: makeTinyDist(), forms, log }).callback())
    const scrape = async () => parseSamples((await http.get('/metrics').expect(200)).text)

    expect((await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)).status).toBe(200)
    const waiting = await scrape()
    expect(valueOf(waiting, 'site_outbox_depth')).toBe(1)
    expect(valueOf(waiting, 'site_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0)
    expect(valueOf(waiting, 'site_ready_check', { check: 'redis' })).toBe(1)
    expect(valueOf(waiting, 'site_form_submissions_total', { form: 'contact', outcome: 'accepted', reason: 'ok' })).toBe(1)

    forms.start()
    await waitFor(async () => valueOf(await scrape(), 'site_mail_dead_letters') === 1, 10_000)
    const settled = await scrape()
    expect(valueOf(settled, 'site_mail_delivery_attempts_total', { form: 'contact', outcome: 'dead_letter' })).toBe(1)
    expect(valueOf(settled, 'site_outbox_depth')).toBe(0)
  }, 30_000)
})
