import fs from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readAccounts } from '../../server/editor-access/accounts-file.ts'
import {
  asSignedInEditor,
  auditLines,
  BEN_PASSWORD,
  cookieSet,
  type EditorTestApp,
  HOST,
  MINUTE,
  ORIGIN,
  PASSWORD,
  PASSWORD_LINK_HOURS,
  postForm,
  signedIn,
  teamApp,
} from './support/editor-access-app.ts'

const NEW_PASSWORD = 'a violet kettle sings at noon'
const HOUR = 60 * MINUTE

const sessionOf = (app: EditorTestApp, cookie: string) => app.http.get('/_editor/api/session').set('Host', HOST).set('Cookie', cookie)

/** What a browser does with a one-time link: opens its page, then posts its form with the page's cookie and token. */
async function useLink(app: EditorTestApp, link: string, password: string, confirm = password, extra: Record<string, string> = {}) {
  const page = await app.http.get(link).set('Host', HOST)
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? ''
  const cookie = `editor_sign_in=${cookieSet(page, 'editor_sign_in') ?? ''}`
  const token = new URL(link, ORIGIN).searchParams.get('token') ?? ''
  const answer = await app.http
    .post('/_editor/set-password')
    .set('Host', HOST)
    .set('Origin', ORIGIN)
    .set('Cookie', cookie)
    .type('form')
    .send({ csrf, token, password, confirm, ...extra })
  return { page, answer, session: cookieSet(answer, 'editor_session') }
}

const fileOf = (app: EditorTestApp) => fs.readFileSync(app.accountsFile, 'utf8')

describe('an invitation', () => {
  it('makes an account with its role that sets its password once through its link, and is signed in', async () => {
    const app = await teamApp()
    const asha = await signedIn(app.http)
    const invited = await postForm(app, asha, 'accounts/invite', { account: 'Chitra ', role: 'editor' })
    expect(invited.status, invited.text).toBe(201)
    expect(invited.body).toMatchObject({ account: 'chitra', link: expect.stringMatching(/^\/_editor\/set-password\?token=[A-Za-z0-9_-]{43}$/) })
    const token = (invited.body.link as string).split('=').pop()!
    // Only the token's hash is kept.
    expect(fileOf(app)).not.toContain(token)
    expect((await readAccounts(app.accountsFile)).chitra).toMatchObject({ role: 'editor', passwordLink: { kind: 'invite' } })

    const { page, answer, session } = await useLink(app, invited.body.link, NEW_PASSWORD)
    expect(page.text).toContain('chitra')
    expect(page.headers['cache-control']).toBe('no-store')
    expect(answer.status).toBe(303)
    expect(answer.headers.location).toBe('/_editor')
    expect((await sessionOf(app, `editor_session=${session}`)).body).toMatchObject({ account: 'chitra', role: 'editor' })

    const again = await useLink(app, invited.body.link, 'another long password here')
    expect(again.page.status).toBe(410)
    expect(again.page.text).toContain('it has been used already')
    expect(again.answer.status).toBe(410)
    expect(again.session).toBeUndefined()
  })

  it('is refused in plain words once expired, withdrawn, or when the token is wrong; a short password leaves the link usable', async () => {
    const app = await teamApp()
    const asha = await signedIn(app.http)
    const first = await postForm(app, asha, 'accounts/invite', { account: 'chitra', role: 'publisher' })
    expect((await useLink(app, first.body.link, 'short')).answer.status).toBe(400)
    expect((await useLink(app, first.body.link, NEW_PASSWORD, 'not the same password')).answer.text).toContain('The two passwords differ')

    const wrong = await app.http.get(`/_editor/set-password?token=${'A'.repeat(43)}`).set('Host', HOST)
    expect(wrong.status).toBe(410)
    const garbage = await app.http.get('/_editor/set-password?token=%3Cscript%3E').set('Host', HOST)
    expect(garbage.status).toBe(410)
    expect(garbage.text).not.toContain('<script>')

    expect((await postForm(app, asha, 'accounts/chitra/withdraw-link')).status).toBe(200)
    expect((await useLink(app, first.body.link, NEW_PASSWORD)).answer.status).toBe(410)

    const second = await postForm(app, asha, 'accounts/chitra/reset')
    app.advance(PASSWORD_LINK_HOURS * HOUR + MINUTE)
    const late = await useLink(app, second.body.link, NEW_PASSWORD)
    expect(late.page.status).toBe(410)
    expect(late.page.text).toContain('This link to set a password expired on')
    expect((await readAccounts(app.accountsFile)).chitra!.password).toBeUndefined()
  })

  it('sets only its own account’s password, whatever name the form sends, and only from this site', async () => {
    const app = await teamApp()
    const asha = await signedIn(app.http)
    const link = (await postForm(app, asha, 'accounts/invite', { account: 'chitra', role: 'editor' })).body.link as string
    const benBefore = (await readAccounts(app.accountsFile)).ben
    const token = new URL(link, ORIGIN).searchParams.get('token')!
    const crossSite = await app.http
      .post('/_editor/set-password')
      .set('Host', HOST)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ token, password: NEW_PASSWORD, confirm: NEW_PASSWORD })
    expect(crossSite.status).toBe(403)
    const noToken = await app.http.post('/_editor/set-password').set('Host', HOST).set('Origin', ORIGIN).type('form').send({ token, password: NEW_PASSWORD, confirm: NEW_PASSWORD })
    expect(noToken.status).toBe(403)

    const { session } = await useLink(app, link, NEW_PASSWORD, NEW_PASSWORD, { account: 'ben' })
    expect((await sessionOf(app, `editor_session=${session}`)).body.account).toBe('chitra')
    expect((await readAccounts(app.accountsFile)).ben).toEqual(benBefore)
  })

  it('refuses a name that exists, a hostile name and an unknown role, writing nothing', async () => {
    const app = await teamApp()
    const asha = await signedIn(app.http)
    const before = fileOf(app)
    for (const account of ['ben', '<script>x</script>', '../../etc/passwd', '__proto__', '', 'a'.repeat(65), 'ä']) {
      const answer = await postForm(app, asha, 'accounts/invite', { account, role: 'editor' })
      expect([400, 409], account).toContain(answer.status)
      expect(answer.body.message).toMatch(/./)
    }
    expect((await postForm(app, asha, 'accounts/invite', { account: 'dev', role: 'root' })).body.message).toBe('Choose the role as one of editor, publisher, admin.')
    expect(fileOf(app)).toBe(before)
    // A name that is an object's property elsewhere is just a name here.
    expect((await postForm(app, asha, 'accounts/invite', { account: 'constructor', role: 'editor' })).status).toBe(201)
  })
})

describe('an admin managing accounts', () => {
  it('lists the accounts with their role, password, link and sessions (last activity and address group, this one marked)', async () => {
    const app = await teamApp()
    const asha = await signedIn(app.http)
    await signedIn(app.http, 'ben', BEN_PASSWORD)
    await postForm(app, asha, 'accounts/invite', { account: 'chitra', role: 'publisher' })
    const list = await app.http.get('/_editor/api/accounts').set('Host', HOST).set('Cookie', asha.cookie)
    expect(list.status).toBe(200)
    const byName = Object.fromEntries((list.body.accounts as { name: string }[]).map((row) => [row.name, row]))
    expect(byName.asha).toMatchObject({ role: 'admin', passwordSet: true, disabled: false, link: null, sessions: [{ current: true, address: expect.stringMatching(/./) }] })
    expect(byName.ben).toMatchObject({ role: 'editor', sessions: [{ current: false }] })
    expect(byName.chitra).toMatchObject({ role: 'publisher', passwordSet: false, link: { kind: 'invite' }, sessions: [] })
    expect(list.text).not.toContain('hash')
  })

  it('changes a role, disables (the sessions end at once) and enables, signs out everywhere, resets, and removes with a confirmation', async () => {
    const app = await teamApp()
    const asha = await signedIn(app.http)
    const ben = await signedIn(app.http, 'ben', BEN_PASSWORD)
    expect((await postForm(app, asha, 'accounts/ben/role', { role: 'publisher' })).status).toBe(200)
    expect((await sessionOf(app, ben.cookie)).body.role).toBe('publisher')

    expect((await postForm(app, asha, 'accounts/ben/disable')).status).toBe(200)
    expect((await sessionOf(app, ben.cookie)).status).toBe(401)
    expect((await postForm(app, asha, 'accounts/ben/enable')).status).toBe(200)
    const benAgain = await signedIn(app.http, 'ben', BEN_PASSWORD)

    const out = await postForm(app, asha, 'accounts/ben/sign-out')
    expect(out.body.sessionsEnded).toBe(1)
    expect((await sessionOf(app, benAgain.cookie)).status).toBe(401)

    const benThird = await signedIn(app.http, 'ben', BEN_PASSWORD)
    const reset = await postForm(app, asha, 'accounts/ben/reset')
    expect(reset.body.link).toMatch(/^\/_editor\/set-password\?token=/)
    expect((await sessionOf(app, benThird.cookie)).status).toBe(401)
    await expect(signedIn(app.http, 'ben', BEN_PASSWORD)).rejects.toThrow('401')
    expect((await useLink(app, reset.body.link, NEW_PASSWORD)).answer.status).toBe(303)

    expect((await postForm(app, asha, 'accounts/ben/remove')).status).toBe(400)
    expect((await readAccounts(app.accountsFile)).ben).toBeDefined()
    expect((await postForm(app, asha, 'accounts/ben/remove', { confirm: 'ben' })).status).toBe(200)
    expect((await readAccounts(app.accountsFile)).ben).toBeUndefined()
    expect((await postForm(app, asha, 'accounts/ben/enable')).status).toBe(404)

    const events = auditLines(app.entries).filter((line) => String(line.event).startsWith('account-'))
    expect(events.map((line) => [line.event, line.account, line.whom])).toEqual([
      ['account-role', 'asha', 'ben'],
      ['account-disable', 'asha', 'ben'],
      ['account-enable', 'asha', 'ben'],
      ['account-sign-out-everywhere', 'asha', 'ben'],
      ['account-reset', 'asha', 'ben'],
      ['account-remove', 'asha', 'ben'],
    ])
    for (const line of events) expect(line.address).toMatch(/./)
    const token = (reset.body.link as string).split('=').pop()!
    expect(JSON.stringify(app.entries())).not.toContain(token)
    expect(JSON.stringify(app.entries())).not.toContain(NEW_PASSWORD)
  })

  it('never leaves the site without an admin, and never disables itself', async () => {
    const app = await teamApp()
    const asha = await signedIn(app.http)
    const before = fileOf(app)
    const demote = await postForm(app, asha, 'accounts/asha/role', { role: 'editor' })
    expect(demote.status).toBe(409)
    expect(demote.body.message).toContain('"asha" is the last admin')
    expect((await postForm(app, asha, 'accounts/asha/remove', { confirm: 'asha' })).status).toBe(409)
    expect((await postForm(app, asha, 'accounts/asha/disable')).body.message).toContain('You cannot disable your own account')
    expect(fileOf(app)).toBe(before)
    // With a second admin, the first may step down.
    await postForm(app, asha, 'accounts/ben/role', { role: 'admin' })
    expect((await postForm(app, asha, 'accounts/asha/role', { role: 'editor' })).status).toBe(200)
  })

  it('keeps both of two changes sent at once: the file is re-read and written one change at a time', async () => {
    const app = await teamApp()
    const asha = await signedIn(app.http)
    const names = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6']
    const answers = await Promise.all(names.map((account) => postForm(app, asha, 'accounts/invite', { account, role: 'editor' })))
    expect(answers.map((answer) => answer.status)).toEqual(names.map(() => 201))
    expect(Object.keys(await readAccounts(app.accountsFile)).sort()).toEqual(['asha', 'ben', ...names])
  })
})

describe('my account', () => {
  it('changes its password only with the right current one (throttled as a sign-in), ending the other sessions and keeping this one', async () => {
    const app = await teamApp()
    const here = await signedIn(app.http, 'ben', BEN_PASSWORD)
    const elsewhere = await signedIn(app.http, 'ben', BEN_PASSWORD)
    const before = fileOf(app)
    const wrong = await postForm(app, here, 'my-account/password', { current: 'not my password at all', password: NEW_PASSWORD })
    expect(wrong.status).toBe(403)
    expect(wrong.body.message).toBe('That is not your current password. Nothing was changed.')
    const weak = await postForm(app, here, 'my-account/password', { current: BEN_PASSWORD, password: 'short' })
    expect(weak.status).toBe(400)
    expect(fileOf(app)).toBe(before)

    const changed = await postForm(app, here, 'my-account/password', { current: BEN_PASSWORD, password: NEW_PASSWORD })
    expect(changed.status, changed.text).toBe(200)
    const renewed = { answer: changed, cookie: `editor_session=${cookieSet(changed, 'editor_session')}`, csrfToken: changed.body.csrfToken as string }
    expect((await sessionOf(app, renewed.cookie)).body.account).toBe('ben')
    expect((await sessionOf(app, elsewhere.cookie)).status).toBe(401)
    expect((await postForm(app, renewed, 'my-account/sign-out-others')).status).toBe(200)
    expect((await signedIn(app.http, 'ben', NEW_PASSWORD)).answer.status).toBe(303)

    const guesses = []
    for (let guess = 0; guess < 6; guess++) guesses.push((await postForm(app, renewed, 'my-account/password', { current: `guess number ${guess}`, password: NEW_PASSWORD })).status)
    expect(guesses).toContain(429)
    const events = auditLines(app.entries).map((line) => line.event)
    expect(events).toContain('password-change')
    expect(events.filter((event) => event === 'password-change-failed').length).toBeGreaterThanOrEqual(6)
  })

  it('signs out its other sessions and lists where it is signed in', async () => {
    const app = await teamApp()
    const here = await signedIn(app.http, 'ben', BEN_PASSWORD)
    const elsewhere = await signedIn(app.http, 'ben', BEN_PASSWORD)
    const mine = await app.http.get('/_editor/api/my-account').set('Host', HOST).set('Cookie', here.cookie)
    expect(mine.body.sessions).toHaveLength(2)
    expect(mine.body.sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1)
    const out = await postForm(app, here, 'my-account/sign-out-others')
    expect(out.body.sessionsEnded).toBe(1)
    expect((await sessionOf(app, elsewhere.cookie)).status).toBe(401)
    expect((await sessionOf(app, here.cookie)).status).toBe(200)
  })
})

const NEW_ROUTES = [
  'accounts/invite',
  'accounts/ben/reset',
  'accounts/ben/role',
  'accounts/ben/disable',
  'accounts/ben/enable',
  'accounts/ben/remove',
  'accounts/ben/withdraw-link',
  'accounts/ben/sign-out',
  'accounts/ben/email',
  'my-account/password',
  'my-account/sign-out-others',
  'my-account/email',
]

describe('the new routes under attack', () => {
  it.each(NEW_ROUTES)('%s refuses a request from another site and one without the CSRF token, writing nothing', async (route) => {
    const app = await teamApp()
    const asha = await signedIn(app.http)
    const before = fileOf(app)
    const fields = { account: 'mallory', role: 'admin', confirm: 'ben', current: PASSWORD, password: NEW_PASSWORD, email: 'mallory@evil.example' }
    const crossSite = await postForm(app, asha, route, fields).set('Origin', 'https://evil.example')
    expect(crossSite.status).toBe(403)
    expect(crossSite.body.error).toBe('cross_origin')
    const noToken = await app.http.post(`/_editor/api/${route}`).set('Host', HOST).set('Cookie', asha.cookie).set('Origin', ORIGIN).type('form').send(fields)
    expect(noToken.status).toBe(403)
    expect(noToken.body.error).toBe('csrf_token')
    expect(fileOf(app)).toBe(before)
  })

  it('never answers 5xx to hostile bodies, and an admin’s session still works after (seeded, 120 requests)', async () => {
    const app = await teamApp()
    const asha = await signedIn(app.http)
    const hostile = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom('', 'ben', 'asha', '__proto__', 'constructor', '\u0000', '%zz', 'admin', 'editor', '<script>x</script>', 'a'.repeat(9000)),
    )
    const body = fc.oneof(
      fc
        .record({ account: hostile, role: hostile, confirm: hostile, current: hostile, password: hostile, email: hostile }, { requiredKeys: [] })
        .map((fields) => new URLSearchParams(fields).toString()),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.constantFrom('{"__proto__":{"role":"admin"}}', 'role=admin&role=editor', 'x'.repeat(20_000)),
    )
    const route = fc.constantFrom(...NEW_ROUTES.filter((name) => name !== 'accounts/ben/remove' && name !== 'my-account/password'), 'accounts/asha/role')
    await fc.assert(
      fc.asyncProperty(route, body, fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain'), async (name, sent, type) => {
        const answer = await asSignedInEditor(app.http.post(`/_editor/api/${name}`), asha)
          .set('Content-Type', type)
          .send(sent)
        expect(answer.status).toBeLessThan(500)
      }),
      { seed: 35, numRuns: 120 },
    )
    expect((await sessionOf(app, asha.cookie)).body.role).toBe('admin')
  })
})
