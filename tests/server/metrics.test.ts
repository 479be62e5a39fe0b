// @vitest-environment node
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { createApp, type FormsEndpoints } from '../../server/compose/app.ts'
import { memoryLog } from '../../ground/log.ts'
import { cleanUpAfterEachTest, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { scrape, startApp } from './support/metrics-app.ts'
import { labelValues, valueOf } from './support/prometheus-text.ts'
import { waitFor } from './support/smtp-test-server.ts'
import { makeTinyDist } from './support/tiny-site.ts'

cleanUpAfterEachTest()

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
      routes: () => undefined,
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

  it("names the disk when the outbox's filesystem is at its reserve", async () => {
    // 10 MB free, below the default 64 MB reserve.
    const { http } = await startApp({ statfs: async () => ({ bsize: 4096, bavail: 2560 }) })
    expect((await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)).status).toBe(503)
    const samples = await scrape(http)
    expect(valueOf(samples, 'site_ready_check', { check: 'outboxSpace' })).toBe(0)
    expect(valueOf(samples, 'site_outbox_free_bytes')).toBe(10 * 1024 * 1024)
    expect(valueOf(samples, 'site_outbox_reserve_bytes')).toBe(64 * 1024 * 1024)
    expect(valueOf(samples, 'site_form_submissions_total', { form: 'contact', outcome: 'refused', reason: 'outbox_full' })).toBe(1)
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
