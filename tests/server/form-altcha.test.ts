// @vitest-environment node
/** ALTCHA's proof of work on a form (`altcha: true`): a challenge from GET /api/altcha/<form>, solved, checked before anything is queued. */
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { formDefinitionsOf } from '../../server/forms/form-definitions.ts'
import { buildOpenApiDocument } from '../../server/openapi/openapi-document.ts'
import type { FormsServiceOptions } from '../../server/compose/forms-service.ts'
import { ConfigurationError } from '../../server/settings/config.ts'
import { createFormsService } from '../../server/compose/forms-service.ts'
import { memoryLog } from '../../ground/log.ts'
import { afterTest, cleanUpAfterEachTest, formsTestApp, pendingMessages, temporaryDir, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { EASY_PROOF, formsWithContact, solvedProof } from './support/form-actions.ts'

cleanUpAfterEachTest()

const forms = formsWithContact({ altcha: true })
const HMAC_KEY = 'altcha-key-of-this-test-server'

async function powApp(options: Partial<FormsServiceOptions> = {}) {
  const outboxDir = await temporaryDir()
  let now = Date.now()
  const app = formsTestApp({ outboxDir, forms, altchaHmacKey: HMAC_KEY, proofOfWorkDifficulty: EASY_PROOF, clock: () => now, ...options })
  afterTest(() => app.service.stop())
  const challenge = async (form = 'contact') => {
    const answer = await app.http.get(`/api/altcha/${form}`)
    expect(answer.status).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-store')
    return answer.body
  }
  const send = (altcha?: string, extra: Record<string, unknown> = {}) =>
    app.http
      .post('/api/contact')
      .set('x-api-key', TEST_API_KEY)
      .send({ ...validPayloads.contact, ...(altcha === undefined ? {} : { altcha }), ...extra })
  /** Why the server refused the last proof it refused, as it logs it (the visitor reads one sentence for every reason). */
  const lastRefusal = () =>
    app
      .logEntries()
      .filter((entry) => entry.msg === 'proof of work refused')
      .at(-1)?.reason
  return { ...app, outboxDir, challenge, send, lastRefusal, later: (ms: number) => (now += ms) }
}

/** What the visitor's page is told of any refused proof: it solves a new one by itself. */
const PROOF_REFUSED = { altcha: 'altcha could not be checked: reload the page and send the form again' }

describe('a form with a proof of work', () => {
  it('takes a submission with a solved challenge of its own, and mails none of it', async () => {
    const { challenge, send, outboxDir } = await powApp()
    const answer = await send(await solvedProof(await challenge()))
    expect(answer.status).toBe(200)
    const [message] = await pendingMessages(outboxDir)
    expect(message?.fields).toEqual(validPayloads.contact)
  })

  it('refuses a submission without one, or with a wrong one, with 400 naming the altcha field, and queues nothing', async () => {
    const { challenge, send, outboxDir, lastRefusal } = await powApp()
    const missing = await send()
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({ error: 'invalid_fields', data: { fields: ['altcha'], problems: { altcha: 'altcha is required' } } })

    const proof = JSON.parse(Buffer.from(await solvedProof(await challenge()), 'base64').toString('utf8'))
    // A derived key that is not the one the work gives (the last digit changed).
    const derivedKey = proof.solution.derivedKey.replace(/.$/, (digit: string) => (digit === '0' ? '1' : '0'))
    const wrong = Buffer.from(JSON.stringify({ ...proof, solution: { ...proof.solution, derivedKey } })).toString('base64')
    const forged = Buffer.from(JSON.stringify({ ...proof, challenge: { ...proof.challenge, parameters: { ...proof.challenge.parameters, cost: 2 } } })).toString('base64')
    for (const altcha of [wrong, forged, 'not base64 json', Buffer.from('{"challenge":1}').toString('base64')]) {
      const answer = await send(altcha)
      expect(answer.status, altcha).toBe(400)
      expect(answer.body.data.problems).toEqual(PROOF_REFUSED)
      expect(lastRefusal()).toBe('unreadable')
    }
    expect(await pendingMessages(outboxDir)).toEqual([])
  })

  it('refuses a solution sent a second time, on its own or with another Idempotency-Key', async () => {
    const { challenge, send, http, outboxDir, lastRefusal } = await powApp()
    const altcha = await solvedProof(await challenge())
    expect((await send(altcha)).status).toBe(200)
    const again = await send(altcha)
    expect(again.status).toBe(400)
    expect(again.body.data.problems).toEqual(PROOF_REFUSED)
    expect(lastRefusal()).toBe('used')
    const keyed = await http
      .post('/api/contact')
      .set('x-api-key', TEST_API_KEY)
      .set('Idempotency-Key', 'another-key')
      .send({ ...validPayloads.contact, altcha })
    expect(keyed.status).toBe(400)
    expect(await pendingMessages(outboxDir)).toHaveLength(1)
  })

  it('refuses a challenge past its 30 minutes, and one made for another form', async () => {
    const { challenge, send, later, lastRefusal } = await powApp({ forms: { ...forms, quote: { ...forms.quote!, altcha: true } } })
    const altcha = await solvedProof(await challenge())
    later(30 * 60_000 + 1000)
    const expired = await send(altcha)
    expect(expired.status).toBe(400)
    expect(expired.body.data.problems).toEqual(PROOF_REFUSED)
    expect(lastRefusal()).toBe('expired')

    const quoteProof = await solvedProof(await challenge('quote'))
    expect((await send(quoteProof)).body.data.problems).toEqual(PROOF_REFUSED)
    expect(lastRefusal()).toBe('unreadable')
  })

  it('refuses a challenge signed with another key (another server’s)', async () => {
    const other = await powApp({ altchaHmacKey: 'another-servers-altcha-key' })
    const { send } = await powApp()
    expect((await send(await solvedProof(await other.challenge()))).status).toBe(400)
  })

  it('keeps the honeypot: a filled one is answered success and queued nothing, its solution used', async () => {
    const { challenge, send, outboxDir } = await powApp()
    const altcha = await solvedProof(await challenge())
    expect((await send(altcha, { website: 'http://spam.example' })).status).toBe(200)
    expect(await pendingMessages(outboxDir)).toEqual([])
    expect((await send(altcha)).status).toBe(400)
  })

  it('hands out challenges only for the forms that ask for one', async () => {
    const { http } = await powApp()
    expect((await http.get('/api/altcha/quote')).status).toBe(404)
    expect((await http.get('/api/altcha/nothing')).status).toBe(404)
  })

  it('hands a solution back when the submission cannot be stored: the visitor’s retry is taken', async () => {
    const dir = await temporaryDir()
    const { writeFile } = await import('node:fs/promises')
    await writeFile(`${dir}/not-a-folder`, '')
    const broken = await powApp({ outboxDir: `${dir}/not-a-folder` })
    const altcha = await solvedProof(await broken.challenge())
    expect((await broken.send(altcha)).status).toBe(500)
    // The same key signs every server's challenges: a working one takes the same solution.
    const working = await powApp()
    expect((await working.send(altcha)).status).toBe(200)
  })
})

describe('the signing key', () => {
  const start = (options: Partial<FormsServiceOptions>) =>
    createFormsService({ forms, outboxDir: 'unused', apiKey: 'k', mailFrom: 'f@example.com', mailTo: ['t@example.com'], log: memoryLog().log, ...options })

  it('is made at start-up when ALTCHA_HMAC_KEY is not set, and the server says so', () => {
    const { log, entries } = memoryLog()
    start({ log })
    expect(entries()).toContainEqual(expect.objectContaining({ level: 'warn', msg: expect.stringMatching(/^ALTCHA_HMAC_KEY not set/) }))
  })

  it('must be set with REDIS_URL, or the server does not start', () => {
    expect(() => start({ redisUrl: 'redis://127.0.0.1:1' })).toThrow(ConfigurationError)
    expect(() => start({ redisUrl: 'redis://127.0.0.1:1' })).toThrow(/ALTCHA_HMAC_KEY is not set, but REDIS_URL is/)
  })
})

describe('the OpenAPI description of a form with a proof of work', () => {
  it('stays valid, requires the altcha field and describes where its challenge comes from', async () => {
    const document = buildOpenApiDocument(formDefinitionsOf(forms).values()) as {
      paths: Record<string, { get?: unknown }>
      components: { schemas: Record<string, { required: string[] }> }
    }
    const result = await new Validator().validate(structuredClone(document) as unknown as Record<string, unknown>)
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(document.components.schemas.ContactPayload?.required).toContain('altcha')
    expect(document.components.schemas.QuotePayload?.required).not.toContain('altcha')
    expect(document.paths['/api/altcha/contact']?.get).toBeDefined()
    expect(document.paths['/api/altcha/quote']).toBeUndefined()
  })
})
