// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { cleanUpAfterEachTest, formsTestApp, pendingMessages, temporaryDir, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'

cleanUpAfterEachTest()

const CONTACT_SUCCESS = "Message sent successfully! We'll respond within 24 hours."

async function setup() {
  const outboxDir = await temporaryDir()
  return { outboxDir, ...formsTestApp({ outboxDir }) }
}

describe('anti-spam: honeypot and minimum fill time', () => {
  it.each([
    ['a filled honeypot', { website: 'http://spam.example' }, /honeypot/],
    ['a fill faster than the minimum', { fillTimeMs: 800 }, /filled in 800 ms/],
  ])('answers %s exactly like success, does not queue it, and logs it', async (_case, extra, logged) => {
    const { http, outboxDir, logs } = await setup()
    const response = await http
      .post('/api/contact')
      .set('x-api-key', TEST_API_KEY)
      .send({ ...validPayloads.contact, ...extra })

    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ success: true, message: CONTACT_SUCCESS })
    expect(await pendingMessages(outboxDir)).toHaveLength(0)
    expect(logs.join('\n')).toMatch(logged)
  })

  it('delivers a human: empty honeypot, slow enough fill, and the anti-spam fields are not mailed', async () => {
    const { http, outboxDir } = await setup()
    const response = await http
      .post('/api/contact')
      .set('x-api-key', TEST_API_KEY)
      .send({ ...validPayloads.contact, website: '', fillTimeMs: 42_000 })

    expect(response.status).toBe(200)
    const [stored] = await pendingMessages(outboxDir)
    expect(stored?.fields).toEqual(validPayloads.contact)
  })

  it('drops a too-fast multipart career application too (its fillTimeMs arrives as text)', async () => {
    const { http, outboxDir } = await setup()
    const response = await http
      .post('/api/career')
      .set('x-api-key', TEST_API_KEY)
      .field({ name: 'Bot', email: 'bot@example.org', phone: '1', position: 'Job Application', fillTimeMs: '120' })
      .attach('resume', Buffer.from('%PDF-1.4\n%%EOF\n'), 'cv.pdf')
    expect(response.status).toBe(200)
    expect(await pendingMessages(outboxDir)).toHaveLength(0)
  })
})

describe('Idempotency-Key', () => {
  it('accepts a repeated key once and answers the repeat with the first answer', async () => {
    const { http, outboxDir } = await setup()
    const send = () => http.post('/api/contact').set('x-api-key', TEST_API_KEY).set('Idempotency-Key', 'submission-7f3a').send(validPayloads.contact)

    const first = await send()
    const repeat = await send()

    expect(first.status).toBe(200)
    expect(repeat.status).toBe(200)
    expect(repeat.body).toEqual(first.body)
    expect(repeat.headers['idempotent-replayed']).toBe('true')
    expect(await pendingMessages(outboxDir)).toHaveLength(1)
  })

  it('remembers the answer across a restart of the server', async () => {
    const outboxDir = await temporaryDir()
    const before = formsTestApp({ outboxDir })
    const first = await before.http.post('/api/quote').set('x-api-key', TEST_API_KEY).set('Idempotency-Key', 'k-1').send(validPayloads.quote)
    await before.service.stop()

    const after = formsTestApp({ outboxDir })
    const repeat = await after.http.post('/api/quote').set('x-api-key', TEST_API_KEY).set('Idempotency-Key', 'k-1').send(validPayloads.quote)

    expect(repeat.body).toEqual(first.body)
    expect(await pendingMessages(outboxDir)).toHaveLength(1)
  })

  it('queues one message when the same key arrives twice at the same moment', async () => {
    const { http, outboxDir } = await setup()
    const send = () => http.post('/api/contact').set('x-api-key', TEST_API_KEY).set('Idempotency-Key', 'double-click').send(validPayloads.contact)
    const [a, b] = await Promise.all([send(), send()])
    expect(a.body).toEqual(b.body)
    expect(await pendingMessages(outboxDir)).toHaveLength(1)
  })

  it('keys are per form, and a refused submission can be fixed and resent with the same key', async () => {
    const { http, outboxDir } = await setup()
    const post = (form: 'contact' | 'quote', payload: object) => http.post(`/api/${form}`).set('x-api-key', TEST_API_KEY).set('Idempotency-Key', 'same').send(payload)

    expect((await post('contact', { ...validPayloads.contact, email: 'nope' })).status).toBe(400)
    expect((await post('contact', validPayloads.contact)).status).toBe(200)
    expect((await post('quote', validPayloads.quote)).status).toBe(200)
    expect((await pendingMessages(outboxDir)).map((message) => message.form).sort()).toEqual(['contact', 'quote'])
  })

  it('refuses a key that is not 1 to 200 visible characters', async () => {
    const { http } = await setup()
    const response = await http.post('/api/contact').set('x-api-key', TEST_API_KEY).set('Idempotency-Key', 'k'.repeat(201)).send(validPayloads.contact)
    expect(response.status).toBe(400)
    expect(response.body.error).toBe('invalid_idempotency_key')
  })
})
