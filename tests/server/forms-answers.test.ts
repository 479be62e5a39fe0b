// @vitest-environment node
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Response } from 'supertest'
import { describe, expect, it } from 'vitest'
import type { FormsServiceOptions } from '../../server/compose/forms-service.ts'
import { cleanUpAfterEachTest, formsTestApp, pendingMessages, temporaryDir, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'

cleanUpAfterEachTest()

/** Every answer, whatever happened: JSON { success, message, error?, data? } and nothing else. */
function expectAnswerShape(response: Response) {
  expect(response.type).toBe('application/json')
  const body = response.body as Record<string, unknown>
  expect(typeof body.success).toBe('boolean')
  expect(typeof body.message).toBe('string')
  expect(Object.keys(body).every((key) => ['success', 'message', 'error', 'data'].includes(key))).toBe(true)
  expect(JSON.stringify(body)).not.toMatch(/\bat .+\(.+:\d+:\d+\)|node_modules|\.ts:\d+/)
  return body
}

async function setup(options: Partial<FormsServiceOptions> = {}) {
  const outboxDir = await temporaryDir()
  return { outboxDir, ...formsTestApp({ outboxDir, ...options }) }
}

describe('a valid submission', () => {
  it.each([
    ['contact', "Message sent successfully! We'll respond within 24 hours."],
    ['quote', "Quote request submitted! We'll send your custom quote within 24 hours."],
    ['career', "Application submitted successfully! We'll review your application and get back to you soon."],
  ] as const)('of the %s form, sent as JSON without the anti-spam fields, is stored and answered with its success text', async (form, text) => {
    const { http, outboxDir } = await setup()
    const response = await http.post(`/api/${form}`).set('x-api-key', TEST_API_KEY).send(validPayloads[form])

    expect(response.status).toBe(200)
    const body = expectAnswerShape(response)
    expect(body).toMatchObject({ success: true, message: text, data: { reference: expect.any(String) } })
    const [stored, ...others] = await pendingMessages(outboxDir)
    expect(others).toHaveLength(0)
    expect(stored).toMatchObject({ form, fields: validPayloads[form] })
  })

  it('accepts the contact form without the optional phone, or with it empty', async () => {
    const { http, outboxDir } = await setup()
    const { phone: _omitted, ...withoutPhone } = validPayloads.contact
    for (const payload of [withoutPhone, { ...withoutPhone, phone: '' }]) {
      const response = await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(payload)
      expect(response.status).toBe(200)
    }
    expect(await pendingMessages(outboxDir)).toHaveLength(2)
  })
})

describe('400: the answer names each invalid field in plain words', () => {
  it('names a wrong e-mail and a blank message, in form order, with data.fields', async () => {
    const { http, outboxDir } = await setup()
    const response = await http
      .post('/api/contact')
      .set('x-api-key', TEST_API_KEY)
      .send({ ...validPayloads.contact, email: 'asha at example', message: '   ' })

    expect(response.status).toBe(400)
    const body = expectAnswerShape(response)
    expect(body).toMatchObject({
      success: false,
      error: 'invalid_fields',
      message: 'Please correct the highlighted fields and send again. · Email Address must be a valid e-mail address · Message is required',
      data: { fields: ['email', 'message'], problems: { email: 'Email Address must be a valid e-mail address', message: 'Message is required' } },
    })
    expect(await pendingMessages(outboxDir)).toHaveLength(0)
  })

  it('names every missing field of an empty quote request', async () => {
    const { http } = await setup()
    const response = await http.post('/api/quote').set('x-api-key', TEST_API_KEY).send({})
    expect(response.status).toBe(400)
    expect(expectAnswerShape(response).data).toMatchObject({
      fields: ['name', 'email', 'phone', 'company', 'service', 'message'],
    })
  })

  it('explains an unknown subject, an over-long name and a field the form does not have', async () => {
    const { http } = await setup()
    const response = await http
      .post('/api/contact')
      .set('x-api-key', TEST_API_KEY)
      .send({ ...validPayloads.contact, subject: 'sales', name: 'A'.repeat(121), favouriteColour: 'blue' })
    expect(response.status).toBe(400)
    expect(response.body.data.problems).toEqual({
      name: 'Full Name must be at most 120 characters',
      subject: 'Subject must be one of: general, services, quote, support',
      favouriteColour: 'favouriteColour has a value this form does not accept',
    })
  })

  it('refuses a career resume name that is not .pdf, .doc or .docx', async () => {
    const { http } = await setup()
    const response = await http
      .post('/api/career')
      .set('x-api-key', TEST_API_KEY)
      .send({ ...validPayloads.career, resume: 'cv.exe' })
    expect(response.status).toBe(400)
    expect(response.body.data.fields).toEqual(['resume'])
  })

  it.each([
    ['not JSON at all', '{"name": "Asha"'],
    ['a JSON array', '[1, 2]'],
    ['empty', ''],
  ])('says the body could not be read when it is %s', async (_case, raw) => {
    const { http } = await setup()
    const response = await http.post('/api/contact').set('x-api-key', TEST_API_KEY).set('Content-Type', 'application/json').send(raw)
    expect(response.status).toBe(400)
    expect(expectAnswerShape(response).error).toBe('malformed_json')
  })
})

describe('401: the api key', () => {
  it.each([
    ['missing', undefined],
    ['wrong', 'guessed-key'],
  ])('is refused when %s, and nothing is stored', async (why, key) => {
    const { http, outboxDir } = await setup()
    const call = http.post('/api/contact')
    const response = await (key ? call.set('x-api-key', key) : call).send(validPayloads.contact)
    expect(response.status).toBe(401)
    expect(expectAnswerShape(response)).toMatchObject({ success: false, error: 'unauthorized' })
    // The visitor is told the form could not be sent; the code tells a program why (a missing and a wrong key alike: it is public).
    expect(response.body.message, why).toBe('The form could not be sent as it was. Please reload the page and try again.')
    expect(await pendingMessages(outboxDir)).toHaveLength(0)
  })
})

describe('413, 415 and 405', () => {
  it('413 for a JSON body over 32 KB', async () => {
    const { http } = await setup()
    const response = await http
      .post('/api/contact')
      .set('x-api-key', TEST_API_KEY)
      .send({ ...validPayloads.contact, message: 'x'.repeat(40 * 1024) })
    expect(response.status).toBe(413)
    expect(expectAnswerShape(response).error).toBe('payload_too_large')
  })

  it('415 for a content type the form does not take', async () => {
    const { http } = await setup()
    const plain = await http.post('/api/quote').set('x-api-key', TEST_API_KEY).type('text/plain').send('hello')
    expect(plain.status).toBe(415)
    expect(expectAnswerShape(plain).data).toEqual({ accepted: ['application/json'] })

    const multipart = await http.post('/api/contact').set('x-api-key', TEST_API_KEY).field('name', 'Asha Roy')
    expect(multipart.status).toBe(415)

    const urlencoded = await http.post('/api/career').set('x-api-key', TEST_API_KEY).type('form').send('name=Asha')
    expect(urlencoded.status).toBe(415)
    expect(urlencoded.body.data).toEqual({ accepted: ['application/json', 'multipart/form-data'] })
  })

  it('405 with Allow: POST for other methods', async () => {
    const { http } = await setup()
    const response = await http.get('/api/contact')
    expect(response.status).toBe(405)
    expect(response.headers.allow).toBe('POST')
    expectAnswerShape(response)
  })

  it('leaves other paths to the next middleware', async () => {
    const { http } = await setup()
    expect((await http.post('/api/other').send({})).status).toBe(404)
  })
})

describe('429: rate limit per address and form', () => {
  it('refuses the submission past the limit, and counts each form on its own', async () => {
    const { http, outboxDir } = await setup({ rateLimitPerMinute: 2 })
    const send = (form: 'contact' | 'quote') => http.post(`/api/${form}`).set('x-api-key', TEST_API_KEY).send(validPayloads[form])

    expect((await send('contact')).status).toBe(200)
    expect((await send('contact')).status).toBe(200)
    const limited = await send('contact')
    expect(limited.status).toBe(429)
    expect(expectAnswerShape(limited)).toMatchObject({ success: false, error: 'rate_limited' })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect((await send('quote')).status).toBe(200)
    expect(await pendingMessages(outboxDir)).toHaveLength(3)
  })
})

describe('500: a failure on our side', () => {
  it('is answered in JSON without a stack trace, and the stack goes to the log', async () => {
    const blocker = join(await temporaryDir(), 'not-a-directory')
    await writeFile(blocker, 'the outbox cannot be created under a file')
    const { http, logEntries } = formsTestApp({ outboxDir: blocker })

    const response = await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)

    expect(response.status).toBe(500)
    expect(expectAnswerShape(response)).toMatchObject({ success: false, error: 'internal_error' })
    expect(response.text).not.toContain('ENOTDIR')
    const logged = logEntries().find((entry) => entry.msg === 'internal error answered 500')
    expect((logged?.err as { stack?: string } | undefined)?.stack).toMatch(/Error: ENOTDIR[\s\S]*at /)
  })
})
