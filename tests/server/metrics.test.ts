// @vitest-environment node
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'
import type Koa from 'koa'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { createApp, type FormsEndpoints } from '../../server/app.ts'
import { createFormsService } from '../../server/forms/create-forms-service.ts'
import { memoryLog } from '../../server/log.ts'
import type { DataReply } from './support/smtp-test-server.ts'
import { waitFor } from './support/smtp-test-server.ts'
import { afterTest, cleanUpAfterEachTest, smtpServerForTest, temporaryDir, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { labelValues, parseSamples, valueOf } from './support/prometheus-text.ts'
import { makeTinyDist } from './support/tiny-site.ts'

cleanUpAfterEachTest()

const TOKEN = 'a-scraper-token-of-32-characters'

/** The whole app with a disk outbox and a local SMTP server; delivery starts only when asked, so mail can wait in the outbox. */
async function startApp({
  metricsToken,
  deliver = false,
  smtpReply,
  rateLimitPerMinute = 1000,
}: { metricsToken?: string; deliver?: boolean; smtpReply?: DataReply; rateLimitPerMinute?: number } = {}) {
  const smtp = await smtpServerForTest(smtpReply)
  const { log } = memoryLog()
  const forms = createFormsService({
    outboxDir: await temporaryDir(),
    apiKey: TEST_API_KEY,
    mailFrom: 'Website forms <forms@example.com>',
    mailTo: ['sales@example.com'],
    smtpUrl: smtp.url,
    rateLimitPerMinute,
    minSubmitMs: 0,
    retryBaseMs: 20,
    retryMaxMs: 100,
    log,
  })
  afterTest(() => forms.stop())
  if (deliver) forms.start()
  const app = createApp({ distDir: makeTinyDist(), forms, log, metricsToken })
  return { app, forms, http: request(app.callback()) }
}

/** Through supertest the client is on loopback: the scraper on the same machine. */
async function scrape(http: ReturnType<typeof request>) {
  const answer = await http.get('/metrics')
  expect(answer.status).toBe(200)
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
  expect(answer.headers['cache-control']).toBe('no-store')
  return parseSamples(answer.text)
}

/**
 * The app on an address of this machine that is not loopback, so its sockets see a remote client.
 * Where the machine has no such interface, the socket's address is set to a documentation address
 * before the app sees the request: the same check runs on the same property.
 */
async function listenAsSeenFromOutside(app: Koa): Promise<string> {
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address
  const handle = app.callback()
  const server = createServer((req, res) => {
    if (!outside) Object.defineProperty(req.socket, 'remoteAddress', { value: '198.51.100.7', configurable: true })
    void handle(req, res)
  })
  const host = outside ?? '127.0.0.1'
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  afterTest(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return `http://${host}:${(server.address() as AddressInfo).port}`
}

describe('GET /metrics from this machine', () => {
  it('counts an accepted and a refused submission by form and reason', async () => {
    const { http } = await startApp()
    expect((await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)).status).toBe(200)
    expect((await http.post('/api/quote').set('x-api-key', TEST_API_KEY).send({})).status).toBe(400)
    expect((await http.post('/api/career').send(validPayloads.career)).status).toBe(401)
    expect((await http.post('/api/contact').set('x-api-key', TEST_API_KEY).type('text/plain').send('hello')).status).toBe(415)

    const samples = await scrape(http)
    const submissions = (labels: Record<string, string>) => valueOf(samples, 'site_form_submissions_total', labels)
    expect(submissions({ form: 'contact', outcome: 'accepted', reason: 'ok' })).toBe(1)
    expect(submissions({ form: 'quote', outcome: 'refused', reason: 'invalid_fields' })).toBe(1)
    expect(submissions({ form: 'career', outcome: 'refused', reason: 'unauthorized' })).toBe(1)
    expect(submissions({ form: 'contact', outcome: 'refused', reason: 'unsupported_content_type' })).toBe(1)
    expect(submissions({ form: 'quote', outcome: 'accepted' })).toBeUndefined()
  })

  it('counts a repeat of an Idempotency-Key as replayed, and the rate limit as a refusal', async () => {
    const { http } = await startApp({ rateLimitPerMinute: 2 })
    for (let i = 0; i < 2; i++) expect((await http.post('/api/contact').set('x-api-key', TEST_API_KEY).set('Idempotency-Key', 'k-1').send(validPayloads.contact)).status).toBe(200)
    expect((await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)).status).toBe(429)
    const samples = await scrape(http)
    expect(valueOf(samples, 'site_form_submissions_total', { form: 'contact', outcome: 'accepted' })).toBe(1)
    expect(valueOf(samples, 'site_form_submissions_total', { form: 'contact', outcome: 'replayed' })).toBe(1)
    expect(valueOf(samples, 'site_form_submissions_total', { form: 'contact', outcome: 'refused', reason: 'rate_limited' })).toBe(1)
  })

  it('counts requests and times them by route, method and status', async () => {
    const { http } = await startApp()
    const before = await scrape(http)
    const healthLabels = { route: '/health', method: 'GET', status: '200' }
    const countBefore = valueOf(before, 'site_http_requests_total', healthLabels) ?? 0
    for (let i = 0; i < 3; i++) expect((await http.get('/health')).status).toBe(200)
    expect((await http.get('/about')).status).toBe(200)
    expect((await http.get('/assets/index-AbC123.js')).status).toBe(200)

    const after = await scrape(http)
    expect(valueOf(after, 'site_http_requests_total', healthLabels)).toBe(countBefore + 3)
    expect(valueOf(after, 'site_http_request_duration_seconds_count', healthLabels)).toBe(countBefore + 3)
    expect(valueOf(after, 'site_http_request_duration_seconds_bucket', { ...healthLabels, le: '+Inf' })).toBe(countBefore + 3)
    expect(valueOf(after, 'site_http_request_duration_seconds_sum', healthLabels)).toBeGreaterThan(0)
    expect(valueOf(after, 'site_http_requests_total', { route: 'page', method: 'GET', status: '200' })).toBe(1)
    expect(valueOf(after, 'site_http_requests_total', { route: 'asset', method: 'GET', status: '200' })).toBe(1)
    // The scrape before this one was counted too.
    expect(valueOf(after, 'site_http_requests_total', { route: '/metrics', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1)
    // The process's own figures come along.
    expect(valueOf(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(valueOf(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
  })

  it('shows a queued mail in the outbox depth and age, and every readiness check', async () => {
    const { http } = await startApp() // delivery not started: the mail waits
    const empty = await scrape(http)
    expect(valueOf(empty, 'site_outbox_depth')).toBe(0)
    expect(valueOf(empty, 'site_outbox_oldest_age_seconds')).toBe(0)

    expect((await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1100)) // past the one-scrape sharing of the readiness report
    const samples = await scrape(http)
    expect(valueOf(samples, 'site_outbox_depth')).toBe(1)
    expect(valueOf(samples, 'site_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0)
    expect(valueOf(samples, 'site_mail_dead_letters')).toBe(0)
    expect(valueOf(samples, 'site_ready')).toBe(1)
    expect(valueOf(samples, 'site_ready_check', { check: 'outboxWritable' })).toBe(1)
    expect(valueOf(samples, 'site_ready_check', { check: 'mailTransport' })).toBe(1)
  })

  it('exports every check of the readiness report, whatever its name', async () => {
    // A stand-in forms service with a check this code has never heard of.
    const forms: FormsEndpoints = {
      middleware: (_ctx, next) => next(),
      health: async () => ({ outbox: { depth: 4, oldestAgeSeconds: 75, deadLetters: 2 } }),
      readiness: async () => ({
        outbox: { depth: 4, oldestAgeSeconds: 75, deadLetters: 2 },
        ready: false,
        checks: { outboxWritable: true, outboxSpace: false, mailTransport: true },
        problems: ['the outbox disk is nearly full'],
      }),
    }
    const app = createApp({ distDir: makeTinyDist(), forms, log: memoryLog().log })
    const samples = await scrape(request(app.callback()))
    expect(valueOf(samples, 'site_ready_check', { check: 'outboxSpace' })).toBe(0)
    expect(valueOf(samples, 'site_ready_check', { check: 'outboxWritable' })).toBe(1)
    expect(valueOf(samples, 'site_ready')).toBe(0)
    expect(valueOf(samples, 'site_outbox_depth')).toBe(4)
    expect(valueOf(samples, 'site_outbox_oldest_age_seconds')).toBe(75)
    expect(valueOf(samples, 'site_mail_dead_letters')).toBe(2)
  })

  it('counts a delivery and the failed attempt before it', async () => {
    // The first attempt is put off (451), the second goes through.
    const { http, forms } = await startApp({
      deliver: true,
      smtpReply: (attempt) => (attempt === 1 ? { code: 451, message: 'Try again later' } : undefined),
    })
    expect((await http.post('/api/quote').set('x-api-key', TEST_API_KEY).send(validPayloads.quote)).status).toBe(200)
    await waitFor(async () => valueOf(await scrape(http), 'site_mail_delivery_attempts_total', { form: 'quote', outcome: 'delivered' }) === 1, 10_000)
    await forms.deliveryIdle()
    const samples = await scrape(http)
    expect(valueOf(samples, 'site_mail_delivery_attempts_total', { form: 'quote', outcome: 'retry' })).toBe(1)
    expect(valueOf(samples, 'site_mail_delivery_attempts_total', { form: 'quote', outcome: 'dead_letter' })).toBeUndefined()
  })

  it('counts a mail refused for good as a dead letter, and shows it in the dead-letter gauge', async () => {
    const { http } = await startApp({ deliver: true, smtpReply: () => ({ code: 550, message: 'Mailbox unavailable' }) })
    expect((await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)).status).toBe(200)
    await waitFor(async () => valueOf(await scrape(http), 'site_mail_dead_letters') === 1, 10_000)
    const samples = await scrape(http)
    expect(valueOf(samples, 'site_mail_delivery_attempts_total', { form: 'contact', outcome: 'dead_letter' })).toBe(1)
    expect(valueOf(samples, 'site_mail_delivery_attempts_total', { form: 'contact', outcome: 'delivered' })).toBeUndefined()
  })

  it('keeps the route label to a fixed set whatever paths a scanner tries', async () => {
    const { http } = await startApp()
    const hostile = ['/wp-login.php', '/.env', '/%2e%2e/%2e%2e/etc/passwd', '/api/../../etc/passwd', '/api/contact.php', `/${'a'.repeat(2000)}`, '/about?<script>', '/api/x%00y']
    for (let i = 0; i < 20; i++) hostile.push(`/scan-${i}-${Math.random().toString(36).slice(2)}`)
    for (const path of hostile) await http.get(path)
    await http.post('/api/not-a-form').set('x-api-key', TEST_API_KEY).send({})
    await http.put('/api/contact').send({})

    const samples = await scrape(http)
    const allowed = new Set(['/api/contact', '/api/quote', '/api/career', '/api/openapi.json', '/health', '/ready', '/metrics', 'page', 'asset', 'other'])
    const routes = labelValues(samples, 'site_http_requests_total', 'route')
    expect([...routes].filter((route) => !allowed.has(route!))).toEqual([])
    expect(routes).toEqual(new Set(['other', 'page', '/api/contact'])) // the page: /about with a hostile query
    expect(valueOf(samples, 'site_http_requests_total', { route: 'other', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(25)
    expect(valueOf(samples, 'site_http_requests_total', { route: '/api/contact', method: 'PUT', status: '405' })).toBe(1)
    // Neither a POST to an address that is not a form nor a PUT to a form is a submission.
    expect(labelValues(samples, 'site_form_submissions_total', 'form').size).toBe(0)
  })
})

describe('GET /metrics is not public', () => {
  it('answers a client on another machine with the 404 of any unknown address, with or without a wrong token', async () => {
    const { app } = await startApp({ metricsToken: TOKEN })
    const origin = await listenAsSeenFromOutside(app)
    const unknown = await fetch(`${origin}/no-such-page`)
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not-the-token' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
      { 'x-forwarded-for': '127.0.0.1' },
    ]
    for (const headers of attempts) {
      const answer = await fetch(`${origin}/metrics`, { headers })
      expect(answer.status, JSON.stringify(headers)).toBe(404)
      const text = await answer.text()
      expect(text).not.toContain('site_')
      expect(text).toBe(await (await fetch(`${origin}/no-such-page`)).text())
    }
    expect(unknown.status).toBe(404)
  })

  it('answers a client on another machine that sends the right token', async () => {
    const { app } = await startApp({ metricsToken: TOKEN })
    const origin = await listenAsSeenFromOutside(app)
    const answer = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('site_http_requests_total')
  })

  it('without a token configured, no bearer token opens it', async () => {
    const { app } = await startApp()
    const origin = await listenAsSeenFromOutside(app)
    for (const authorization of ['Bearer ', 'Bearer undefined', 'Bearer']) expect((await fetch(`${origin}/metrics`, { headers: { authorization } })).status).toBe(404)
  })

  it('does not trust loopback for a request that came through a proxy', async () => {
    const { http } = await startApp()
    for (const [name, value] of [
      ['x-forwarded-for', '127.0.0.1'],
      ['x-real-ip', '127.0.0.1'],
      ['forwarded', 'for=127.0.0.1'],
    ] as const) {
      const answer = await http.get('/metrics').set(name, value)
      expect(answer.status, name).toBe(404)
      expect(answer.text).not.toContain('site_')
    }
    // The same request with the token is a scraper's, wherever it comes from.
    const tokenApp = await startApp({ metricsToken: TOKEN })
    expect((await tokenApp.http.get('/metrics').set('x-forwarded-for', '203.0.113.9').set('authorization', `Bearer ${TOKEN}`)).status).toBe(200)
  })

  it('answers only GET and HEAD', async () => {
    const { http } = await startApp()
    expect((await http.head('/metrics')).status).toBe(200)
    const post = await http.post('/metrics').send('x')
    expect(post.status).toBe(404)
  })
})
