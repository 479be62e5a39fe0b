import { describe, expect, it } from 'vitest'
import { cookieSet, editorTestApp, HOST, ORIGIN, openSignInPage, PASSWORD, postSignIn, setCookieLine, signedIn } from './support/editor-access-app.ts'

const PAGES = ['/_editor', '/_editor/', '/_editor/preview', '/_editor/pages/about?tab=blocks']
const APIS = ['/_editor/api/session', '/_editor/api/document']

describe('the editor without a session', () => {
  it.each(PAGES)('sends GET %s to the sign-in page with the way back', async (address) => {
    const { http } = await editorTestApp()
    const answer = await http.get(address).set('Host', HOST)
    expect(answer.status).toBe(303)
    expect(answer.headers.location).toBe(`/_editor/sign-in?next=${encodeURIComponent(address)}`)
  })

  it.each(APIS)('answers GET %s with 401 JSON', async (address) => {
    const { http } = await editorTestApp()
    const answer = await http.get(address).set('Host', HOST)
    expect(answer.status).toBe(401)
    expect(answer.body).toEqual({ error: 'not_signed_in', message: expect.any(String) })
  })

  it('answers a change with 401 even from the site with a token-looking header', async () => {
    const { http } = await editorTestApp()
    const answer = await http.post('/_editor/api/save').set('Host', HOST).set('Origin', ORIGIN).set('X-CSRF-Token', 'x'.repeat(43)).send({ config: {} })
    expect(answer.status).toBe(401)
  })

  it('answers with a made-up session cookie as without one', async () => {
    const { http } = await editorTestApp()
    const answer = await http
      .get('/_editor/api/session')
      .set('Host', HOST)
      .set('Cookie', `editor_session=${'A'.repeat(43)}`)
    expect(answer.status).toBe(401)
  })
})

describe('a change with a valid session', () => {
  it('is refused from another origin, with no origin at all, and without the CSRF token', async () => {
    const { http } = await editorTestApp()
    const { cookie, csrfToken } = await signedIn(http)
    const change = () => http.post('/_editor/api/session').set('Host', HOST).set('Cookie', cookie)
    expect((await change().set('Origin', 'https://evil.example').set('X-CSRF-Token', csrfToken)).status).toBe(403)
    expect((await change().set('Origin', 'null').set('X-CSRF-Token', csrfToken)).status).toBe(403)
    expect((await change().set('X-CSRF-Token', csrfToken)).status).toBe(403)
    expect((await change().set('Referer', 'https://evil.example/_editor').set('X-CSRF-Token', csrfToken)).status).toBe(403)
    const noToken = await change().set('Origin', ORIGIN)
    expect(noToken.status).toBe(403)
    expect(noToken.body.error).toBe('csrf_token')
    expect((await change().set('Origin', ORIGIN).set('X-CSRF-Token', altered(csrfToken))).status).toBe(403)
    // Another session's token is no good either.
    const ben = await signedIn(http, 'ben', 'ben has a long password')
    expect((await change().set('Origin', ORIGIN).set('X-CSRF-Token', ben.csrfToken)).status).toBe(403)
    // The same change with both passes the gate (nothing answers POST here yet: the editor mounts after).
    const passed = await change().set('Origin', ORIGIN).set('X-CSRF-Token', csrfToken)
    expect([403, 401]).not.toContain(passed.status)
    // A Referer from the site stands in for a missing Origin.
    const byReferer = await change().set('Referer', `${ORIGIN}/_editor`).set('X-CSRF-Token', csrfToken)
    expect([403, 401]).not.toContain(byReferer.status)
  })

  it('refuses a sign-in and a sign-out posted from another site', async () => {
    const { http } = await editorTestApp()
    const form = await openSignInPage(http)
    const signIn = await http
      .post('/_editor/sign-in')
      .set('Host', HOST)
      .set('Origin', 'https://evil.example')
      .set('Cookie', form.cookie)
      .type('form')
      .send({ csrf: form.csrf, account: 'asha', password: PASSWORD })
    expect(signIn.status).toBe(403)
    expect(cookieSet(signIn, 'editor_session')).toBeUndefined()
    const { cookie } = await signedIn(http)
    const signOut = await http.post('/_editor/sign-out').set('Host', HOST).set('Origin', 'https://evil.example').set('Cookie', cookie).type('form').send({})
    expect(signOut.status).toBe(403)
    const withoutToken = await http.post('/_editor/sign-out').set('Host', HOST).set('Origin', ORIGIN).set('Cookie', cookie).type('form').send({})
    expect(withoutToken.status).toBe(403)
    expect((await http.get('/_editor/api/session').set('Host', HOST).set('Cookie', cookie)).status).toBe(200)
  })
})

describe('the address to return to after sign-in', () => {
  it.each([
    '//evil.example',
    'https://evil.example/_editor',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    'javascript:alert(1)',
    '/about',
    '/_editorx',
    // An editor's deep address that climbs out of the editor is no longer one.
    '/_editor/page/../../about',
    '/_editor/page/%2e%2e/%2e%2e/about',
    '/_editor/screen/\\evil.example',
    'http://127.0.0.1/_editor/page/about',
  ])('ignores next=%s and goes to the editor', async (next) => {
    const { http } = await editorTestApp()
    const page = await http.get(`/_editor/sign-in?next=${encodeURIComponent(next)}`).set('Host', HOST)
    expect(page.text).toContain('name="next" value="/_editor"')
    const answer = await postSignIn(http, { account: 'asha', password: PASSWORD, next })
    expect(answer.status).toBe(303)
    expect(answer.headers.location).toBe('/_editor')
  })

  it('keeps a path of the editor', async () => {
    const { http } = await editorTestApp()
    const answer = await postSignIn(http, { account: 'asha', password: PASSWORD, next: '/_editor/pages/about?tab=blocks' })
    expect(answer.headers.location).toBe('/_editor/pages/about?tab=blocks')
  })

  it('takes an editor asked for a page with its open block, or a screen, back there once signed in', async () => {
    const { http } = await editorTestApp()
    for (const address of ['/_editor/page/about?block=3', '/_editor/screen/menu']) {
      const asked = await http.get(address).set('Host', HOST)
      expect(asked.headers.location).toBe(`/_editor/sign-in?next=${encodeURIComponent(address)}`)
      const form = await http.get(asked.headers.location!).set('Host', HOST)
      expect(form.text).toContain(`name="next" value="${address.replace('&', '&amp;')}"`)
      const answer = await postSignIn(http, { account: 'asha', password: PASSWORD, next: address })
      expect([answer.status, answer.headers.location]).toEqual([303, address])
    }
  })
})

describe('the cookies', () => {
  it('are HttpOnly, SameSite=Strict, for /_editor only, and not Secure over plain HTTP', async () => {
    const { http } = await editorTestApp()
    const { answer } = await signedIn(http)
    const line = setCookieLine(answer, 'editor_session')!
    expect(line).toMatch(/; path=\/_editor/)
    expect(line).toMatch(/; samesite=strict/)
    expect(line).toMatch(/; httponly/)
    expect(line).not.toMatch(/; secure/)
    expect(cookieSet(answer, 'editor_session')).toMatch(/^[\w-]{43}$/)
  })

  it('are Secure when the trusted proxy says the request came over HTTPS', async () => {
    const { http } = await editorTestApp({ trustProxy: 1 })
    const https = { 'X-Forwarded-Proto': 'https' }
    const form = await openSignInPage(http, https)
    expect(setCookieLine(form.page, 'editor_sign_in')).toMatch(/; secure/)
    const answer = await postSignIn(http, { account: 'asha', password: PASSWORD }, { headers: { ...https, Origin: `https://${HOST}` }, from: form })
    expect(answer.status).toBe(303)
    expect(setCookieLine(answer, 'editor_session')).toMatch(/; secure/)
  })

  it('are not Secure when an untrusted client claims HTTPS', async () => {
    const { http } = await editorTestApp({ trustProxy: 0 })
    const form = await openSignInPage(http, { 'X-Forwarded-Proto': 'https' })
    expect(setCookieLine(form.page, 'editor_sign_in')).not.toMatch(/; secure/)
  })
})

describe('the editor pages’ headers', () => {
  it('forbid caching, framing, scripts and referrers to other sites, and leave the public pages as they were', async () => {
    const { http } = await editorTestApp()
    const page = await http.get('/_editor/sign-in').set('Host', HOST)
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[\w+/=]+'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['referrer-policy']).toBe('same-origin')
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect(page.text).not.toMatch(/<script/i)
    const publicPage = await http.get('/about').set('Host', HOST)
    expect(publicPage.headers['content-security-policy']).not.toContain("form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
    expect(publicPage.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  })
})

/** The token with its last character changed (to another one: a token may end in A already). */
const altered = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
