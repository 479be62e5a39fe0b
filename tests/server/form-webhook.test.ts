// @vitest-environment node
/** A form's webhook (`webhook: true`): a signed JSON POST per accepted submission, through the outbox, retried like mail. */
import { readFileSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigurationError, readServerConfig } from '../../server/settings/config.ts'
import { createFormsService, type FormsServiceOptions } from '../../server/compose/forms-service.ts'
import { memoryLog } from '../../ground/log.ts'
import { root } from '../../authoring/project-paths.ts'
import { afterTest, cleanUpAfterEachTest, formsTestApp, smtpServerForTest, temporaryDir, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { formsWith, formsWithContact, startWebhookReceiver } from './support/form-actions.ts'
import { pdfFile } from './support/resume-files.ts'
import { waitFor } from './support/smtp-test-server.ts'

cleanUpAfterEachTest()

const SECRET = 'webhook-secret-of-the-receiver'

/** The receiver's check exactly as docs/deploy.md shows it, so the documentation is what is tested. */
const documentedVerification = (() => {
  const deploy = readFileSync(join(root, 'docs/deploy.md'), 'utf8')
  const code = /```js\n(const crypto = require\('node:crypto'\)[\s\S]*?)```/.exec(deploy)?.[1]
  if (!code) throw new Error('docs/deploy.md shows no receiver check')
  return new Function('require', `${code}\nreturn verifySignature`)(createRequire(import.meta.url)) as (rawBody: string, header: string, secret: string) => boolean
})()

async function hookedApp(answer: (attempt: number) => number, options: Partial<FormsServiceOptions> = {}) {
  const receiver = await startWebhookReceiver(answer)
  afterTest(receiver.close)
  const smtp = await smtpServerForTest()
  const outboxDir = await temporaryDir()
  const app = formsTestApp({ outboxDir, smtpUrl: smtp.url, forms: formsWithContact({ webhook: true }), webhookUrl: receiver.url, webhookSecret: SECRET, ...options })
  app.service.start()
  afterTest(() => app.service.stop())
  return { receiver, smtp, outboxDir, ...app }
}

describe('the webhook of a form', () => {
  it('posts the submission as JSON, signed so that the documented check accepts it, with the delivery id', async () => {
    const { receiver, smtp, http } = await hookedApp(() => 204)
    const answer = await http
      .post('/api/contact')
      .set('x-api-key', TEST_API_KEY)
      .send({ ...validPayloads.contact, fillTimeMs: 5000, website: '' })
    await waitFor(() => receiver.received.length === 1 && smtp.received.length === 1)

    const [hook] = receiver.received as [(typeof receiver.received)[number]]
    const reference = answer.body.data.reference as string
    expect(hook.headers['content-type']).toBe('application/json')
    expect(hook.headers['x-webhook-id']).toBe(`${reference}-webhook`)
    expect(JSON.parse(hook.body)).toEqual({ form: 'contact', id: reference, receivedAt: expect.any(String), fields: validPayloads.contact })
    expect(documentedVerification(hook.body, String(hook.headers['x-signature']), SECRET)).toBe(true)
    // Another key, another body or an old time: refused.
    expect(documentedVerification(hook.body, String(hook.headers['x-signature']), 'another-secret-entirely')).toBe(false)
    expect(documentedVerification(hook.body.replace('Asha', 'Ashok'), String(hook.headers['x-signature']), SECRET)).toBe(false)
    const oldTime = String(hook.headers['x-signature']).replace(/t=(\d+)/, (_, t: string) => `t=${Number(t) - 600}`)
    expect(documentedVerification(hook.body, oldTime, SECRET)).toBe(false)
  })

  it('sends an uploaded file’s name, never its bytes', async () => {
    const receiver = await startWebhookReceiver()
    afterTest(receiver.close)
    const app = formsTestApp({ outboxDir: await temporaryDir(), forms: formsWith('career', { webhook: true }), webhookUrl: receiver.url, webhookSecret: SECRET })
    app.service.start()
    afterTest(() => app.service.stop())
    const { resume: _name, ...fields } = validPayloads.career
    expect(
      (
        await app.http
          .post('/api/career')
          .set('x-api-key', TEST_API_KEY)
          .field(fields)
          .attach('resume', Buffer.concat([pdfFile(), Buffer.alloc(200 * 1024, 0x20)]), 'Asha CV.pdf')
      ).status,
    ).toBe(200)
    await waitFor(() => receiver.received.length === 1)
    const body = receiver.received[0]!.body
    expect(JSON.parse(body).fields).toEqual({ ...fields, resume: 'Asha CV.pdf' })
    expect(body.length).toBeLessThan(1000)
  })

  it('is retried while the receiver answers 500, until it takes it, and the owners’ mail goes once', async () => {
    const { receiver, smtp, http } = await hookedApp((attempt) => (attempt <= 2 ? 500 : 200))
    await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    await waitFor(() => receiver.received.length === 3, 10_000)
    await new Promise((resolve) => setTimeout(resolve, 300)) // a few more retry periods: nothing else arrives
    expect(receiver.received).toHaveLength(3)
    expect(new Set(receiver.received.map((hook) => hook.headers['x-webhook-id'])).size).toBe(1)
    expect(smtp.received).toHaveLength(1)
    expect(smtp.dataAttempts()).toBe(1)
  })

  it('becomes a dead letter at once when the receiver answers 410, with the status as its reason', async () => {
    const { receiver, smtp, http, outboxDir, service } = await hookedApp(() => 410)
    const answer = await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    await waitFor(async () => (await service.health()).outbox?.deadLetters === 1, 10_000)
    expect(receiver.received).toHaveLength(1)
    await waitFor(() => smtp.received.length === 1)
    const id = `${answer.body.data.reference}-webhook`
    expect(await readdir(join(outboxDir, 'dead-letter'))).toEqual([`${id}.json`, `${id}.reason.json`].sort())
    expect(JSON.parse(await readFile(join(outboxDir, 'dead-letter', `${id}.reason.json`), 'utf8'))).toMatchObject({
      reason: 'webhook answered 410 Gone',
      responseCode: 410,
      attempts: 1,
    })
  })
})

describe('the server does not start', () => {
  const start = (options: Partial<FormsServiceOptions>) => () =>
    createFormsService({
      forms: formsWithContact({ webhook: true }),
      outboxDir: 'unused',
      apiKey: 'k',
      mailFrom: 'f@example.com',
      mailTo: ['t@example.com'],
      log: memoryLog().log,
      ...options,
    })
  const problemsOf = (run: () => unknown) => {
    try {
      run()
    } catch (error) {
      if (error instanceof ConfigurationError) return error.problems
      throw error
    }
    return []
  }

  it('when a form has its webhook on but no URL or no secret', () => {
    expect(problemsOf(start({ webhookSecret: SECRET }))).toEqual(['The contact form has webhook on: set WEBHOOK_URL_CONTACT or WEBHOOK_URL to the address that receives it.'])
    expect(problemsOf(start({ webhookUrl: 'https://crm.example.com/hook' }))).toEqual([
      'The contact form has webhook on: set WEBHOOK_SECRET_CONTACT or WEBHOOK_SECRET to the key its receiver checks the signature with.',
    ])
    expect(problemsOf(start({ webhookUrlByForm: { contact: 'https://crm.example.com/hook' }, webhookSecretByForm: { contact: SECRET } }))).toEqual([])
  })

  it('when a WEBHOOK_URL_<NAME> names no form of the site, read from the environment', () => {
    const { forms } = readServerConfig({ WEBHOOK_URL_CONTCAT: 'https://crm.example.com/hook', WEBHOOK_URL: 'https://crm.example.com/all', WEBHOOK_SECRET: SECRET })
    expect(problemsOf(start(forms))).toEqual(['WEBHOOK_URL_CONTCAT names no form of this site; its forms are contact, quote, career (WEBHOOK_URL_<NAME>, hyphens as underscores).'])
  })

  it('when the webhook settings are malformed, naming them without their values', () => {
    expect(() => readServerConfig({ WEBHOOK_URL: 'ftp://crm.example.com', WEBHOOK_SECRET: 'short' })).toThrow(
      'WEBHOOK_URL (value not shown): must start with https:// or http://, like https://crm.example.com/hooks/forms.\nWEBHOOK_SECRET (value not shown): use at least 16 characters, e.g. the output of `openssl rand -hex 32`.',
    )
  })
})
