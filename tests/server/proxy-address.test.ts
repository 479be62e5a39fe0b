// @vitest-environment node
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../server/compose/app.ts'
import { createFormsService } from '../../server/compose/forms-service.ts'
import { createLogger } from '../../ground/log.ts'
import { cleanUpAfterEachTest, temporaryDir, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { makeTinyDist } from './support/tiny-site.ts'
import { shippedForms } from '../helpers/shipped-forms.ts'

cleanUpAfterEachTest()

async function appBehind(proxies: number) {
  const log = createLogger({ level: 'silent' })
  const forms = createFormsService({
    forms: shippedForms,
    apiKey: TEST_API_KEY,
    outboxDir: await temporaryDir(),
    mailFrom: 'forms@example.com',
    mailTo: ['sales@example.com'],
    rateLimitPerMinute: 3,
    log,
  })
  return request(createApp({ log, distDir: makeTinyDist(), forms, trustProxy: proxies }).callback())
}

/** Sends `count` contact submissions, each with the X-Forwarded-For header `forwardedFor(i)`; returns the statuses. */
async function statuses(http: Awaited<ReturnType<typeof appBehind>>, count: number, forwardedFor: (i: number) => string) {
  const answers = []
  for (let i = 0; i < count; i++)
    answers.push((await http.post('/api/contact').set('x-api-key', TEST_API_KEY).set('x-forwarded-for', forwardedFor(i)).send(validPayloads.contact)).status)
  return answers
}

describe('the visitor address behind proxies (TRUST_PROXY = how many)', () => {
  it('behind one proxy, keys the rate limit on the address that proxy saw, whatever the client put before it', async () => {
    // nginx appends the address it saw ($proxy_add_x_forwarded_for): a client's own header comes first.
    const answers = await statuses(await appBehind(1), 8, (i) => `203.0.113.${i}, 192.0.2.7`)
    expect(answers).toEqual([200, 200, 200, 429, 429, 429, 429, 429])
  })

  it('behind one proxy, visitors the proxy saw at different addresses have limits of their own', async () => {
    const answers = await statuses(await appBehind(1), 4, (i) => `192.0.2.${i}`)
    expect(answers).toEqual([200, 200, 200, 200])
  })

  it('behind two proxies (a CDN, then nginx), takes the address the outer one saw', async () => {
    const answers = await statuses(await appBehind(2), 5, (i) => `203.0.113.${i}, 198.51.100.4, 10.0.0.2`)
    expect(answers).toEqual([200, 200, 200, 429, 429])
  })

  it('with no proxy, ignores X-Forwarded-For altogether', async () => {
    const answers = await statuses(await appBehind(0), 4, (i) => `203.0.113.${i}`)
    expect(answers).toEqual([200, 200, 200, 429])
  })
})
