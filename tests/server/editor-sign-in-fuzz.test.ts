import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { editorTestApp, HOST, openSignInPage, ORIGIN, PASSWORD } from './support/editor-access-app.ts'

const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', 'asha', 'ASHA ', PASSWORD, '__proto__', 'constructor', '\u0000', '%', '%zz', '//evil.example', '/_editor/../../x', 'a'.repeat(5000), '<script>x</script>'),
)
const body = fc.oneof(
  fc.record({ account: hostile, password: hostile, csrf: hostile, next: hostile }, { requiredKeys: [] }).map((fields) => new URLSearchParams(fields).toString()),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom('account=a&account=b&password=x&password=y', '%', '&&&==', 'x'.repeat(20_000)),
)

describe('the sign-in endpoint under hostile requests', () => {
  it('never answers 5xx and keeps working (seeded, 150 requests)', async () => {
    const { http } = await editorTestApp()
    const form = await openSignInPage(http)
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/_editor/sign-in', '/_editor/sign-out', '/_editor/api/session', '/_editor'),
        fc.constantFrom('POST', 'GET', 'PUT', 'DELETE'),
        fc.constantFrom(ORIGIN, 'https://evil.example', 'null', undefined),
        fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'multipart/form-data', 'text/plain; charset=utf-7', undefined),
        fc.oneof(
          fc.constant(form.cookie),
          fc.constant(undefined),
          hostile.map((value) => `editor_session=${encodeURIComponent(value)}; editor_sign_in=${encodeURIComponent(value)}`),
        ),
        fc.boolean(),
        body,
        async (path, method, origin, type, cookie, withToken, payload) => {
          let call = http[method.toLowerCase() as 'post'](path).set('Host', HOST)
          if (origin) call = call.set('Origin', origin)
          if (type) call = call.set('Content-Type', type)
          if (cookie) call = call.set('Cookie', cookie)
          const sent = withToken && path === '/_editor/sign-in' ? `csrf=${encodeURIComponent(form.csrf)}&${payload}` : payload
          const answer = method === 'GET' ? await call : await call.send(sent)
          expect(answer.status, `${method} ${path}`).toBeLessThan(500)
        },
      ),
      { seed: 20_260_101, numRuns: 150 },
    )
    // Still serving afterwards: no request left it broken.
    expect((await http.get('/_editor/sign-in').set('Host', HOST)).status).toBe(200)
  }, 60_000)
})
