// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { cleanUpAfterEachTest } from './support/forms-test-app.ts'
import { listenAsSeenFromOutside, startApp } from './support/metrics-app.ts'

cleanUpAfterEachTest()

const TOKEN = 'a-scraper-token-of-32-characters'

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
