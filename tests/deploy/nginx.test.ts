// @vitest-environment node
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/lib/local-redis.ts'
import { root } from '../../scripts/lib/paths.ts'
import { until } from '../../scripts/harness/site-server.ts'
import { needsSystemPackages } from '../helpers/system-packages.ts'
import { startSmtpServer, type SmtpTestServer } from '../server/support/smtp-test-server.ts'

/**
 * `npm run start:nginx` for real: Debian's nginx in front of the compiled server, on free loopback
 * ports, with a real SMTP server behind. Needs `npm run build` first (npm test runs it).
 */
let smtp: SmtpTestServer
let runner: ChildProcess
let origin: string
const outboxDir = mkdtempSync(join(tmpdir(), 'site-nginx-outbox-'))
const output: string[] = []
const policies = JSON.parse(readFileSync(join(root, 'dist/.site-security.json'), 'utf8')) as Record<string, { scriptHashes: string[] }>

// Here rather than by the command, whose start this file allows two minutes: an install may take longer.
needsSystemPackages('nginx')
beforeAll(async () => {
  smtp = await startSmtpServer()
  const [nginxPort, port] = [await freePort(), await freePort()]
  origin = `http://127.0.0.1:${nginxPort}`
  // The script itself, not through npm/npx, so stopping it here stops what it started.
  runner = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-nginx.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NGINX_PORT: String(nginxPort),
      PORT: String(port),
      OUTBOX_DIR: outboxDir,
      SMTP_URL: smtp.url,
      MAIL_TO: 'sales@example.com',
      API_KEY: 'dev-key',
      MIN_SUBMIT_MS: '0',
      RATE_LIMIT_PER_MINUTE: '3',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [runner.stdout!, runner.stderr!]) stream.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  await until(`nginx on ${origin} (output: ${output.join('').slice(-500)})`, async () => (await fetch(`${origin}/health`)).ok, 120_000)
}, 180_000)

afterAll(async () => {
  if (runner && runner.exitCode === null) {
    const exited = new Promise((resolve) => runner.once('exit', resolve))
    runner.kill('SIGTERM')
    await exited
  }
  await smtp?.close()
  rmSync(outboxDir, { recursive: true, force: true })
})

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${origin}${path}`, { headers, redirect: 'manual' })

describe('nginx in front of the Node server', () => {
  it('serves every page with its own Content-Security-Policy, no-cache and the security headers', async () => {
    for (const path of ['/', '/about', '/contact', '/resources/blog']) {
      const page = await get(path)
      expect(page.status, path).toBe(200)
      expect(page.headers.get('content-type')).toMatch(/^text\/html/)
      const policy = page.headers.get('content-security-policy') ?? ''
      for (const hash of policies[path]!.scriptHashes) expect(policy, path).toContain(`'${hash}'`)
      expect(page.headers.get('cache-control')).toBe('no-cache')
      expect(page.headers.get('x-content-type-options')).toBe('nosniff')
      expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(page.headers.get('permissions-policy')).toContain('camera=()')
      expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    }
    expect((await get('/contact')).headers.get('content-security-policy')).toContain('frame-src https://www.openstreetmap.org')
  })

  it('sends the precompressed brotli or gzip file the browser accepts', async () => {
    const br = await get('/about', { 'accept-encoding': 'br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    const gzip = await get('/about', { 'accept-encoding': 'gzip' })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(await gzip.text()).toContain('<h1')
  })

  it('caches hashed assets for a year', async () => {
    const html = await (await get('/')).text()
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0]
    expect(asset).toBeDefined()
    const answer = await get(asset!)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it("revalidates a page's data file (named by its path) as it revalidates the page", async () => {
    const answer = await get('/page-data/page-about.json')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('application/json')
    expect(answer.headers.get('cache-control')).toBe('no-cache')
  })

  it("serves the blog's feed as Atom, compressed, revalidated like the pages", async () => {
    const answer = await get('/feed.atom', { 'accept-encoding': 'br' })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('application/atom+xml')
    expect(answer.headers.get('content-encoding')).toBe('br')
    expect(answer.headers.get('cache-control')).toBe('no-cache')
    expect(await answer.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom"')
  })

  it('redirects aliases, other letter cases and trailing slashes to the canonical path with 301', async () => {
    const routes = JSON.parse(readFileSync(join(root, 'dist/.site-routes.json'), 'utf8')) as Array<{ path: string; aliases: string[] }>
    const withAlias = routes.find((route) => route.aliases.length > 0)!
    for (const spelling of [withAlias.aliases[0]!, withAlias.path.toUpperCase(), `${withAlias.path}/`]) {
      const answer = await get(`${spelling}?from=test`)
      expect(answer.status, spelling).toBe(301)
      expect(new URL(answer.headers.get('location')!, origin).pathname + new URL(answer.headers.get('location')!, origin).search).toBe(`${withAlias.path}?from=test`)
    }
  })

  it("redirects with a path only, never echoing the client's Host", async () => {
    const routes = JSON.parse(readFileSync(join(root, 'dist/.site-routes.json'), 'utf8')) as Array<{ path: string; aliases: string[] }>
    const withAlias = routes.find((route) => route.aliases.length > 0)!
    for (const spelling of [withAlias.aliases[0]!, `${withAlias.path}/`]) {
      const answer = await get(spelling, { host: 'evil.example' })
      expect(answer.status, spelling).toBe(301)
      expect(answer.headers.get('location'), spelling).toBe(withAlias.path)
    }
  })

  it('keys the rate limit on the address nginx saw, not on an X-Forwarded-For the client sent', async () => {
    const quote = {
      name: 'Asha Roy',
      email: 'asha.roy@example.org',
      phone: '+91 98300 12345',
      company: 'Roy Logistics',
      service: 'Custom Quote Request',
      message: 'Rate limit check.',
      fillTimeMs: 5000,
    }
    const statuses = []
    for (let i = 0; i < 6; i++) {
      const answer = await fetch(`${origin}/api/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'dev-key', 'x-forwarded-for': `203.0.113.${i}` },
        body: JSON.stringify(quote),
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
  })

  it('answers an unknown path with the 404 page and status 404, and hides the server files', async () => {
    const missing = await get('/no-such-page')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('Page Not Found')
    expect(missing.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect((await get('/.site-routes.json')).status).toBe(404)
    const metrics = await get('/metrics') // nginx's own 404 (Node's answers carry X-Request-Id): the metrics stay local
    expect([metrics.status, metrics.headers.get('x-request-id')]).toEqual([404, null])
  })

  it('proxies /health, /ready and a form submission that is delivered as mail', async () => {
    expect((await get('/health')).status).toBe(200)
    expect((await get('/ready')).status).toBe(200)
    const answer = await fetch(`${origin}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'dev-key' },
      body: JSON.stringify({ name: 'Asha Roy', email: 'asha.roy@example.org', subject: 'services', message: 'Through nginx, please.', fillTimeMs: 5000 }),
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/) // nginx's $request_id, passed through
    await until('the mail through nginx', () => smtp.received.some(({ parsed }) => parsed.text?.includes('Through nginx, please.')), 15_000)
  })

  it('refuses an upload larger than the résumé limit at nginx with 413', async () => {
    const answer = await fetch(`${origin}/api/career`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'x-api-key': 'dev-key' },
      body: Buffer.alloc(6 * 1024 * 1024, 0x61),
    })
    expect(answer.status).toBe(413)
  })
})
