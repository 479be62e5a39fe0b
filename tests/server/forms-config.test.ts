// @vitest-environment node
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import Koa from 'koa'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../server/compose/app.ts'
import { formDefinitionsOf } from '../../server/forms/form-definitions.ts'
import { readServerConfig } from '../../server/settings/config.ts'
import { createFormsService } from '../../server/compose/forms-service.ts'
import { createLogger } from '../../ground/log.ts'
import { apiRouter } from '../../server/compose/api-router.ts'
import { ANTI_SPAM_KEYS } from '../../site/form-payload.ts'
import { classifyDeliveryFailure } from '../../server/queue/delivery-failure.ts'
import { cleanUpAfterEachTest, temporaryDir, validPayloads } from './support/forms-test-app.ts'
import { shippedForms } from '../helpers/shipped-forms.ts'

cleanUpAfterEachTest()

const quiet = createLogger({ level: 'silent' })
/** The forms service exactly as server/compose/main.ts builds it from an environment. */
const createFormsServiceFromEnv = (env: NodeJS.ProcessEnv) => createFormsService({ forms: shippedForms, ...readServerConfig(env).forms, log: quiet })

describe('the forms service configured by the environment (server/settings/config.ts)', () => {
  it('runs with no configuration at all: the dev key, .eml files, and says so at start-up', async () => {
    const { notices } = readServerConfig({ OUTBOX_DIR: await temporaryDir() })
    const service = createFormsServiceFromEnv({ OUTBOX_DIR: await temporaryDir() })
    const app = new Koa().use(
      apiRouter(
        [service.routes],
        [...service.definitions.values()].map((form) => form.path),
      ),
    )
    const response = await request(app.callback()).post('/api/contact').set('x-api-key', 'dev-key').send(validPayloads.contact)
    expect(response.status).toBe(200)
    expect(notices.join('\n')).toMatch(/API_KEY not set[\s\S]*SMTP_URL not set/)
  })

  it('uses API_KEY when set', async () => {
    const service = createFormsServiceFromEnv({ OUTBOX_DIR: await temporaryDir(), API_KEY: 'site-key' })
    const http = request(
      new Koa()
        .use(
          apiRouter(
            [service.routes],
            [...service.definitions.values()].map((form) => form.path),
          ),
        )
        .callback(),
    )
    expect((await http.post('/api/contact').set('x-api-key', 'dev-key').send(validPayloads.contact)).status).toBe(401)
    expect((await http.post('/api/contact').set('x-api-key', 'site-key').send(validPayloads.contact)).status).toBe(200)
  })

  it('refuses to start with SMTP_URL but no recipients, rather than lose mail', () => {
    expect(() => createFormsServiceFromEnv({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(/MAIL_TO/)
  })

  it('accepts per-form recipients in place of MAIL_TO', () => {
    const env = {
      SMTP_URL: 'smtp://mail.example.com',
      MAIL_TO_CONTACT: 'a@example.com',
      MAIL_TO_QUOTE: 'b@example.com',
      MAIL_TO_CAREER: 'c@example.com, d@example.com',
    }
    expect(() => createFormsServiceFromEnv(env)).not.toThrow()
  })

  it('names a malformed number', () => {
    expect(() => createFormsServiceFromEnv({ RATE_LIMIT_PER_MINUTE: 'ten' })).toThrow('RATE_LIMIT_PER_MINUTE="ten": must be a whole number of 1 or more.')
  })
})

describe('mounted in the site app (server/compose/app.ts)', () => {
  it('answers the form endpoints and reports the outbox in GET /health', async () => {
    const distDir = await temporaryDir()
    await writeFile(join(distDir, '.site-routes.json'), '[]')
    await writeFile(join(distDir, '404.html'), '<h1>Page Not Found</h1>')
    const forms = createFormsServiceFromEnv({ OUTBOX_DIR: await temporaryDir() })
    const http = request(createApp({ distDir, forms, log: quiet }).callback())

    const answer = await http.post('/api/quote').set('x-api-key', 'dev-key').send(validPayloads.quote)
    expect(answer.status).toBe(200)
    const health = await http.get('/health')
    expect(health.status).toBe(200)
    expect(health.body).toMatchObject({ outbox: { depth: 1, oldestAgeSeconds: expect.any(Number), deadLetters: 0 } })
  })
})

describe('the form definitions', () => {
  it.each([...formDefinitionsOf(shippedForms).values()])('label every $name payload field for the e-mail, in schema order', (form) => {
    const fields = Object.keys(form.schema.properties).filter((field) => !(ANTI_SPAM_KEYS as readonly string[]).includes(field))
    expect(Object.keys(form.mail.labels)).toEqual(fields)
  })
})

describe('classifyDeliveryFailure', () => {
  it.each([
    ['a refused recipient (550 to RCPT TO)', { code: 'EENVELOPE', responseCode: 550, permanent: true }, true],
    ['refused content (554 after DATA)', { code: 'EMESSAGE', responseCode: 554, permanent: true }, true],
    ['a busy server (451)', { code: 'EMESSAGE', responseCode: 451, permanent: false }, false],
    ['a bad command sequence (503)', { code: 'EENVELOPE', responseCode: 503 }, false],
    ['wrong SMTP credentials (535): our configuration', { code: 'EAUTH', responseCode: 535, permanent: true }, false],
    ['a refused connection', { code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:25' }, false],
    ['a timeout', { code: 'ETIMEDOUT' }, false],
  ])('%s', (_case, error, permanent) => {
    expect(classifyDeliveryFailure(error).permanent).toBe(permanent)
  })
})
