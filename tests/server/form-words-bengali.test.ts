// @vitest-environment node
/**
 * A Bengali site's forms: every refusal of POST /api/<form> says only the site's words (texts.form)
 * in its own digits; no English letter but in what the visitor sent and in the JSON's keys and codes.
 */
import { describe, expect, it } from 'vitest'
import { bengaliForms, bengaliWords, latinLettersIn } from '../helpers/bengali-forms.ts'
import { cleanUpAfterEachTest, formsTestApp, pendingMessages, temporaryDir, TEST_API_KEY } from './support/forms-test-app.ts'
import type { FormsServiceOptions } from '../../server/compose/forms-service.ts'

cleanUpAfterEachTest()

const order = { name: 'সুমিত্রা মিত্র', email: 'sumitra@example.in', flavour: 'চকোলেট', pickup: '2026-12-05', message: 'নাম লিখে দেবেন।' }

async function shop(options: Partial<FormsServiceOptions> = {}) {
  const outboxDir = await temporaryDir()
  return { outboxDir, ...formsTestApp({ outboxDir, forms: bengaliForms, words: bengaliWords, ...options }) }
}

/** What a reader of the answer may read: its message and each field's problem. */
function expectOnlyBengali(body: { message: string; data?: { problems?: Record<string, string> } }, visitorValues: string[] = []) {
  const said = [body.message, ...Object.values(body.data?.problems ?? {})]
  for (const text of said) expect(latinLettersIn(text, visitorValues), text).toEqual([])
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4fb0000000049454e44ae426082', 'hex')

describe('a Bengali site answers every refusal of its forms in Bengali', () => {
  it.each([
    ['nothing at all', {}, ['name', 'email', 'flavour', 'pickup']],
    ['a name over its 40 characters', { ...order, name: 'অ'.repeat(41) }, ['name']],
    ['an address without its @', { ...order, email: 'sumitra at example' }, ['email']],
    ['a flavour the shop does not make', { ...order, flavour: 'vanilla' }, ['flavour']],
    ['a day the calendar does not have', { ...order, pickup: '2026-02-30' }, ['pickup']],
    ['a field the form does not have', { ...order, favourite: 'x' }, ['favourite']],
  ])('%s: 400 in Bengali, nothing stored', async (_case, payload, fields) => {
    const { http, outboxDir } = await shop()
    const answer = await http.post('/api/order').set('x-api-key', TEST_API_KEY).send(payload)
    expect(answer.status).toBe(400)
    expect(answer.body.data.fields).toEqual(fields)
    expectOnlyBengali(answer.body, ['favourite'])
    expect(await pendingMessages(outboxDir)).toEqual([])
  })

  it('says the limit of a too-long name in Bengali digits, and the choices the shop offers', async () => {
    const { http } = await shop()
    const long = await http
      .post('/api/order')
      .set('x-api-key', TEST_API_KEY)
      .send({ ...order, name: 'অ'.repeat(41), flavour: 'vanilla' })
    expect(long.body.data.problems).toEqual({ name: 'নাম সর্বাধিক ৪০ অক্ষরের হতে পারে', flavour: 'স্বাদ: এগুলোর একটি বেছে নিন: চকোলেট, মিষ্টি দই' })
    expect(long.body.message).toBe('চিহ্নিত ঘরগুলো ঠিক করে আবার পাঠান। · নাম সর্বাধিক ৪০ অক্ষরের হতে পারে · স্বাদ: এগুলোর একটি বেছে নিন: চকোলেট, মিষ্টি দই')
  })

  it.each([
    ['a body that is not JSON', (post: Post) => post.set('x-api-key', TEST_API_KEY).set('Content-Type', 'application/json').send('{"name":'), 400, 'malformed_json'],
    ['no access key', (post: Post) => post.send(order), 401, 'unauthorized'],
    ['a wrong access key', (post: Post) => post.set('x-api-key', 'guessed').send(order), 401, 'unauthorized'],
    ['an Idempotency-Key with a space', (post: Post) => post.set('x-api-key', TEST_API_KEY).set('Idempotency-Key', 'two keys').send(order), 400, 'invalid_idempotency_key'],
    ['plain text', (post: Post) => post.set('x-api-key', TEST_API_KEY).set('Content-Type', 'text/plain').send('নাম'), 415, 'unsupported_content_type'],
    ['a body over 32 KB', (post: Post) => post.set('x-api-key', TEST_API_KEY).send({ ...order, message: 'ম'.repeat(12_000) }), 413, 'payload_too_large'],
  ])("%s: refused in the site's words", async (_case, send, status, error) => {
    const { http, outboxDir } = await shop()
    const answer = await send(http.post('/api/order'))
    expect([answer.status, answer.body.error]).toEqual([status, error])
    expectOnlyBengali(answer.body)
    expect(await pendingMessages(outboxDir)).toEqual([])
  })

  it('too many orders from one address: 429 in Bengali', async () => {
    const { http } = await shop({ rateLimitPerMinute: 1 })
    expect((await http.post('/api/order').set('x-api-key', TEST_API_KEY).send(order)).status).toBe(200)
    const second = await http.post('/api/order').set('x-api-key', TEST_API_KEY).send(order)
    expect([second.status, second.body.error]).toEqual([429, 'rate_limited'])
    expect(second.body.message).toBe(bengaliWords.form.rateLimited)
    expectOnlyBengali(second.body)
  })

  it.each([
    ['a file of a kind the field does not take', 'cake.txt', Buffer.from('চকোলেট'), 400, 'ছবি: এই ধরনের ফাইল নেওয়া হয় না'],
    ['text named .png', 'cake.png', Buffer.from('not a picture at all'), 400, 'ছবি: ফাইলের ভেতরটা তার নামের সঙ্গে মেলে না'],
    ['a picture over its 1 MB', 'cake.png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), 413, 'ফাইলটি ১ মেগাবাইটের চেয়ে বড়।'],
  ])('an upload of %s: refused in Bengali', async (_case, fileName, bytes, status, said) => {
    const { http, outboxDir } = await shop()
    const answer = await http.post('/api/photo').set('x-api-key', TEST_API_KEY).field('name', 'সুমিত্রা').field('email', 'sumitra@example.in').attach('picture', bytes, fileName)
    expect(answer.status).toBe(status)
    expect([answer.body.message, ...Object.values(answer.body.data?.problems ?? {})].join('\n')).toContain(said)
    expectOnlyBengali(answer.body)
    expect(await pendingMessages(outboxDir)).toEqual([])
  })
})

type Post = ReturnType<Awaited<ReturnType<typeof shop>>['http']['post']>
