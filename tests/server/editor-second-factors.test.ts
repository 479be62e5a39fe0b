import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { readAccounts, writeAccounts } from '../../server/editor-access/accounts-file.ts'
import { asSignedInEditor, auditLines, cookieSet, editorTestApp, HOST, MINUTE, ORIGIN, PASSWORD, postSignIn, signedIn, type EditorTestApp } from './support/editor-access-app.ts'

const FACTORS = { origin: ORIGIN, factorsKey: 'a test key of at least sixteen characters' }
const SECURITY = '/_editor/api/sign-in-security'
const codeAt = (secret: string, at: number) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at })

async function withRole(file: string, account: string, role: 'editor' | 'publisher' | 'admin') {
  const accounts = await readAccounts(file)
  await writeAccounts(file, { ...accounts, [account]: { ...accounts[account]!, role } })
}

/** Signs asha in, adds an authenticator app at the test clock's now, and answers its secret and recovery codes. */
async function withApp(app: EditorTestApp, now: () => number) {
  const session = await signedIn(app.http)
  const started = await asSignedInEditor(app.http.post(`${SECURITY}/app/start`), session).send({ password: PASSWORD })
  expect(started.status).toBe(200)
  const { secret, uri } = started.body as { secret: string; uri: string }
  // What the app scans (the editor draws it as a QR code): this account, this secret, 30-second codes of 6 digits.
  const scanned = new URL(uri)
  expect([scanned.protocol, scanned.host, decodeURIComponent(scanned.pathname)]).toEqual(['otpauth:', 'totp', expect.stringMatching(/:asha$/)])
  expect(Object.fromEntries(scanned.searchParams)).toMatchObject({ secret, digits: '6', period: '30' })
  const confirmed = await asSignedInEditor(app.http.post(`${SECURITY}/app`), session).send({ code: codeAt(secret, now()) })
  expect(confirmed.status).toBe(200)
  const { recoveryCodes, recoveryCodesLeft } = confirmed.body as { recoveryCodes: string[]; recoveryCodesLeft: number }
  expect(recoveryCodes).toHaveLength(10)
  expect(recoveryCodesLeft).toBe(10)
  return { secret, recoveryCodes, session }
}

/** The password, then the second step's page: its cookie and token. */
async function passwordFirst(app: EditorTestApp, headers: Record<string, string> = {}) {
  const answer = await postSignIn(app.http, { account: 'asha', password: PASSWORD }, { headers })
  expect(answer.status).toBe(303)
  expect(answer.headers.location).toBe('/_editor/sign-in/second-factor')
  expect(cookieSet(answer, 'editor_session')).toBeUndefined()
  const cookie = `editor_second_factor=${cookieSet(answer, 'editor_second_factor')}`
  const page = await app.http.get('/_editor/sign-in/second-factor').set('Host', HOST).set('Cookie', cookie).set(headers)
  return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(page.text)![1]!, page }
}

const sendCode = (app: EditorTestApp, step: { cookie: string; csrf: string }, code: string, headers: Record<string, string> = {}) =>
  app.http.post('/_editor/sign-in/second-factor').set('Host', HOST).set('Origin', ORIGIN).set('Cookie', step.cookie).set(headers).type('form').send({ csrf: step.csrf, code })

function testClock() {
  let at = Date.parse('2031-03-04T10:00:05Z')
  return { now: () => at, move: (ms: number, app: EditorTestApp) => ((at += ms), app.advance(ms)) }
}

async function appAt(clock: ReturnType<typeof testClock>) {
  const app = await editorTestApp({ secondFactors: FACTORS, trustProxy: 1 })
  app.advance(clock.now() - Date.now())
  return app
}

describe('codes from an authenticator app', () => {
  it('asks for the code after the password, takes the right one once, one step of drift either way, and no other', async () => {
    const clock = testClock()
    const app = await appAt(clock)
    const { secret } = await withApp(app, clock.now)
    clock.move(60_000, app)

    const wrong = await sendCode(app, await passwordFirst(app), '000000')
    expect(wrong.status).toBe(401)
    expect(wrong.text).toContain('That code is not right')
    expect(cookieSet(wrong, 'editor_session')).toBeUndefined()

    const step = await passwordFirst(app)
    const right = await sendCode(app, step, codeAt(secret, clock.now()))
    expect(right.status).toBe(303)
    expect(right.headers.location).toBe('/_editor')
    expect(cookieSet(right, 'editor_session')).toBeTruthy()

    const replayed = await sendCode(app, await passwordFirst(app), codeAt(secret, clock.now()))
    expect(replayed.status).toBe(401)

    expect((await sendCode(app, await passwordFirst(app), codeAt(secret, clock.now() - 30_000))).status).toBe(303)
    expect((await sendCode(app, await passwordFirst(app), codeAt(secret, clock.now() + 30_000))).status).toBe(303)
    expect((await sendCode(app, await passwordFirst(app), codeAt(secret, clock.now() - 90_000))).status).toBe(401)

    // The second step is bound to its browser: its page's token with another cookie is refused.
    const other = await sendCode(app, { ...step, cookie: 'editor_second_factor=forged' }, codeAt(secret, clock.now() + 60_000))
    expect(other.status).toBe(303)
    expect(other.headers.location).toBe('/_editor/sign-in')

    const lines = auditLines(app.entries)
    expect(lines.filter((line) => line.event === 'sign-in').map((line) => line.method)).toContain('password+app-code')
    expect(lines.filter((line) => line.event === 'sign-in-failed').map((line) => line.reason)).toEqual(expect.arrayContaining(['wrong-code', 'used-code']))
    expect(app.lines.join('\n')).not.toContain(secret)
    const stored = JSON.stringify(await readAccounts(app.accountsFile))
    expect(stored).not.toContain(secret)
  })

  it('the half-signed-in state ends after five minutes', async () => {
    const clock = testClock()
    const app = await appAt(clock)
    const { secret } = await withApp(app, clock.now)
    const step = await passwordFirst(app)
    clock.move(6 * MINUTE, app)
    const late = await sendCode(app, step, codeAt(secret, clock.now()))
    expect(late.status).toBe(303)
    expect(late.headers.location).toBe('/_editor/sign-in')
    expect(cookieSet(late, 'editor_session')).toBeUndefined()
  })

  it('takes each recovery code once, and refuses it the second time', async () => {
    const clock = testClock()
    const app = await appAt(clock)
    const { recoveryCodes } = await withApp(app, clock.now)
    const first = await sendCode(app, await passwordFirst(app), recoveryCodes[0]!.toLowerCase())
    expect(first.status).toBe(303)
    expect(cookieSet(first, 'editor_session')).toBeTruthy()
    expect((await sendCode(app, await passwordFirst(app), recoveryCodes[0]!)).status).toBe(401)
    expect((await readAccounts(app.accountsFile)).asha!.factors!.recoveryCodes).toHaveLength(9)
    expect(JSON.stringify(await readAccounts(app.accountsFile))).not.toContain(recoveryCodes[1]!)
  })

  it('slows wrong codes from one address down without locking the account out for another', async () => {
    const clock = testClock()
    const app = await appAt(clock)
    const { secret } = await withApp(app, clock.now)
    const guesser = { 'X-Forwarded-For': '203.0.113.9' }
    const statuses: number[] = []
    for (let guess = 0; guess < 6; guess++) statuses.push((await sendCode(app, await passwordFirst(app, guesser), `12345${guess}`, guesser)).status)
    expect(statuses).toContain(429)
    // The owner, from elsewhere, signs in at once (with the next code: enrolling used this one).
    clock.move(30_000, app)
    const owner = await sendCode(app, await passwordFirst(app, { 'X-Forwarded-For': '198.51.100.7' }), codeAt(secret, clock.now()), { 'X-Forwarded-For': '198.51.100.7' })
    expect(owner.status).toBe(303)
  })
})

describe('passkeys', () => {
  const optionsFor = async (app: EditorTestApp) => {
    const page = await app.http.get('/_editor/sign-in').set('Host', HOST)
    const cookie = `editor_sign_in=${cookieSet(page, 'editor_sign_in')}`
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!
    expect(page.text).toContain('Sign in with a passkey')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    const asked = await app.http.post('/_editor/sign-in/passkey-options').set('Host', HOST).set('Origin', ORIGIN).set('Cookie', cookie).set('X-CSRF-Token', csrf)
    expect(asked.status).toBe(200)
    return { cookie, csrf, challenge: (asked.body as { challenge: string }).challenge }
  }
  const forged = (challenge: string) => ({
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: {
      clientDataJSON: Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: ORIGIN })).toString('base64url'),
      authenticatorData: 'AAAA',
      signature: 'AAAA',
    },
    clientExtensionResults: {},
  })
  const answer = (app: EditorTestApp, asked: { cookie: string; csrf: string }, body: unknown) =>
    app.http
      .post('/_editor/sign-in/passkey')
      .set('Host', HOST)
      .set('Origin', ORIGIN)
      .set('Cookie', asked.cookie)
      .set('X-CSRF-Token', asked.csrf)
      .type('json')
      .send(JSON.stringify(body))

  it('takes each challenge once, and not after it expired', async () => {
    const app = await editorTestApp({ secondFactors: FACTORS })
    const asked = await optionsFor(app)
    const first = await answer(app, asked, { response: forged(asked.challenge) })
    expect(first.status).toBe(401)
    expect((first.body as { message: string }).message).toContain('not one of this editor')
    const again = await answer(app, asked, { response: forged(asked.challenge) })
    expect((again.body as { message: string }).message).toContain('expired or was already used')

    const later = await optionsFor(app)
    app.advance(6 * MINUTE)
    expect((await answer(app, later, { response: forged(later.challenge) }).then((r) => r.body as { message: string })).message).toContain('expired')
    expect(auditLines(app.entries).filter((line) => line.event === 'sign-in-failed' && line.method === 'passkey')).toHaveLength(3)
  })

  it('refuses a hostile or oversized answer in plain words, and a challenge asked for by another browser', async () => {
    const app = await editorTestApp({ secondFactors: FACTORS })
    const asked = await optionsFor(app)
    for (const hostile of [
      null,
      'x',
      { response: { response: { clientDataJSON: 'not base64 json' } } },
      { response: { response: { clientDataJSON: 42 } } },
      { response: forged('x'.repeat(300)) },
    ]) {
      const refused = await answer(app, asked, hostile)
      expect(refused.status).toBe(401)
      expect((refused.body as { message: string }).message).toMatch(/passkey/)
    }
    const huge = await answer(app, asked, { response: forged(asked.challenge), padding: 'x'.repeat(20_000) })
    expect(huge.status).toBe(413)
    const elsewhere = await optionsFor(app)
    expect((await answer(app, elsewhere, { response: forged(asked.challenge) }).then((r) => r.body as { message: string })).message).toContain('expired or was already used')
    const noToken = await app.http.post('/_editor/sign-in/passkey').set('Host', HOST).set('Origin', ORIGIN).set('Cookie', asked.cookie).type('json').send('{}')
    expect(noToken.status).toBe(403)
  })

  it('adding a passkey needs the password again', async () => {
    const app = await editorTestApp({ secondFactors: FACTORS })
    const session = await signedIn(app.http)
    const wrong = await asSignedInEditor(app.http.post(`${SECURITY}/passkeys/options`), session).send({ password: 'not the password at all' })
    expect(wrong.status).toBe(403)
    const right = await asSignedInEditor(app.http.post(`${SECURITY}/passkeys/options`), session).send({ password: PASSWORD })
    expect(right.status).toBe(200)
    expect(right.body).toMatchObject({ rp: { id: HOST }, authenticatorSelection: { residentKey: 'required' } })
  })
})

describe('the policy', () => {
  it('an admin requires a second factor of publishers: one without it may do nothing but add one; an editor is not asked', async () => {
    const clock = testClock()
    const app = await appAt(clock)
    await withRole(app.accountsFile, 'ben', 'publisher')
    const admin = await signedIn(app.http)
    const publisher = await signedIn(app.http, 'ben', 'ben has a long password')
    expect((await asSignedInEditor(app.http.post(`${SECURITY}/policy`), publisher).send({ secondFactorRequired: true })).status).toBe(403)
    expect((await asSignedInEditor(app.http.post(`${SECURITY}/policy`), admin).send({ secondFactorRequired: true })).status).toBe(200)

    const session = await app.http.get('/_editor/api/session').set('Host', HOST).set('Cookie', publisher.cookie)
    expect(session.body).toMatchObject({ account: 'ben', mustAddSecondFactor: true })
    const page = await app.http.get('/_editor/page/about').set('Host', HOST).set('Cookie', publisher.cookie)
    expect(page.status).toBe(303)
    expect(page.headers.location).toBe('/_editor/security')
    // A route the publisher's role may call: held back all the same until a factor is added.
    const api = await app.http.get('/_editor/api/document').set('Host', HOST).set('Cookie', publisher.cookie)
    expect(api.status).toBe(403)
    expect(api.body).toMatchObject({ error: 'second_factor_required' })
    expect((await app.http.get(SECURITY).set('Host', HOST).set('Cookie', publisher.cookie)).body).toMatchObject({ mustAdd: true })

    // Adding an app lifts it.
    const started = await asSignedInEditor(app.http.post(`${SECURITY}/app/start`), publisher).send({ password: 'ben has a long password' })
    const { secret } = started.body as { secret: string }
    expect((await asSignedInEditor(app.http.post(`${SECURITY}/app`), publisher).send({ code: codeAt(secret, clock.now()) })).status).toBe(200)
    expect((await app.http.get('/_editor/api/session').set('Host', HOST).set('Cookie', publisher.cookie)).body).not.toHaveProperty('mustAddSecondFactor')

    await withRole(app.accountsFile, 'ben', 'editor')
    expect(auditLines(app.entries).some((line) => line.event === 'second-factor-policy')).toBe(true)
  })

  it('an admin removes a locked-out account’s second factors; the password alone signs it in again', async () => {
    const clock = testClock()
    const app = await appAt(clock)
    await withApp(app, clock.now)
    await withRole(app.accountsFile, 'asha', 'editor')
    await withRole(app.accountsFile, 'ben', 'admin')
    const admin = await signedIn(app.http, 'ben', 'ben has a long password')
    expect((await asSignedInEditor(app.http.post(`${SECURITY}/remove-factors`), admin).send({ account: 'asha' })).status).toBe(200)
    const answer = await postSignIn(app.http, { account: 'asha', password: PASSWORD })
    expect(cookieSet(answer, 'editor_session')).toBeTruthy()
  })
})
