// @vitest-environment node
/** Confirmations, webhooks and proof of work with REDIS_URL: what one instance counts or uses, the others see; webhooks retried by BullMQ. */
import { describe, expect, it } from 'vitest'
import { localRedisForEachTest } from './support/local-redis-suite.ts'
import type { FormsServiceOptions } from '../../server/compose/forms-service.ts'
import type { SiteForms } from '../../site/form-payload.ts'
import { afterTest, cleanUpAfterEachTest, formsTestApp, smtpServerForTest, TEST_API_KEY, temporaryDir, validPayloads } from './support/forms-test-app.ts'
import { CONFIRMATION, EASY_PROOF, formsWithContact, solvedProof, startWebhookReceiver } from './support/form-actions.ts'
import { waitFor, type SmtpTestServer } from './support/smtp-test-server.ts'

const local = localRedisForEachTest()
cleanUpAfterEachTest()

/** One instance of the server on the shared Redis (its own outbox folder, unused). */
async function instance(forms: SiteForms, smtp: SmtpTestServer, options: Partial<FormsServiceOptions> = {}) {
  const app = formsTestApp({ outboxDir: await temporaryDir(), smtpUrl: smtp.url, redisUrl: local.redis.url, forms, altchaHmacKey: 'altcha-key-shared-by-instances', ...options })
  afterTest(() => app.service.stop())
  await waitFor(async () => (await app.service.readiness()).checks.redis === true, 5000)
  app.service.start()
  return app
}

const send = (app: Awaited<ReturnType<typeof instance>>, extra: Record<string, unknown> = {}) =>
  app.http
    .post('/api/contact')
    .set('x-api-key', TEST_API_KEY)
    .send({ ...validPayloads.contact, ...extra })

describe('several instances on Redis', () => {
  it('refuse a proof of work that another instance took already', async () => {
    const smtp = await smtpServerForTest()
    const forms = formsWithContact({ altcha: true })
    const [first, second] = [await instance(forms, smtp, { proofOfWorkDifficulty: EASY_PROOF }), await instance(forms, smtp, { proofOfWorkDifficulty: EASY_PROOF })]
    const altcha = await solvedProof((await first.http.get('/api/altcha/contact')).body)
    expect(
      (
        await second.http
          .post('/api/contact')
          .set('x-api-key', TEST_API_KEY)
          .send({ ...validPayloads.contact, altcha })
      ).status,
    ).toBe(200)
    const replayed = await send(first, { altcha })
    expect(replayed.status).toBe(400)
    expect(replayed.body.data.problems).toEqual({ altcha: 'altcha could not be checked: reload the page and send the form again' })
  })

  it('send one confirmation an hour to an address, whichever instance takes the form', async () => {
    const smtp = await smtpServerForTest()
    const forms = formsWithContact({ confirmation: CONFIRMATION })
    const [first, second] = [await instance(forms, smtp), await instance(forms, smtp)]
    expect((await send(first)).status).toBe(200)
    expect((await send(second)).status).toBe(200)
    await waitFor(() => smtp.received.length === 3, 10_000)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(smtp.received.filter((mail) => mail.envelope.to.includes('asha.roy@example.org'))).toHaveLength(1)
    expect(smtp.received.filter((mail) => mail.envelope.to.includes('sales@example.com'))).toHaveLength(2)
  })
})

describe('a webhook on the Redis queue', () => {
  it('is retried while the receiver answers 503, and the owners’ mail goes once', async () => {
    const receiver = await startWebhookReceiver((attempt) => (attempt <= 2 ? 503 : 200))
    afterTest(receiver.close)
    const smtp = await smtpServerForTest()
    const app = await instance(formsWithContact({ webhook: true }), smtp, { webhookUrl: receiver.url, webhookSecret: 'webhook-secret-of-the-receiver' })
    const answer = await send(app)
    await waitFor(() => receiver.received.length === 3, 10_000)
    await waitFor(async () => (await app.service.readiness()).outbox?.depth === 0, 5000)
    expect(receiver.received.map((hook) => hook.headers['x-webhook-id'])).toEqual(Array(3).fill(`${answer.body.data.reference}-webhook`))
    expect(smtp.received).toHaveLength(1)
    expect(smtp.dataAttempts()).toBe(1)
  })

  it('is a dead letter at once when the receiver answers 410', async () => {
    const receiver = await startWebhookReceiver(() => 410)
    afterTest(receiver.close)
    const smtp = await smtpServerForTest()
    const app = await instance(formsWithContact({ webhook: true }), smtp, { webhookUrl: receiver.url, webhookSecret: 'webhook-secret-of-the-receiver' })
    await send(app)
    await waitFor(async () => (await app.service.readiness()).outbox?.deadLetters === 1, 10_000)
    expect(receiver.received).toHaveLength(1)
    const [failed] = await local.client.zrange('bull:form-mail:failed', '0', '-1')
    expect(await local.client.hget(`bull:form-mail:${failed}`, 'failedReason')).toBe('refused permanently: webhook answered 410 Gone')
  })
})
