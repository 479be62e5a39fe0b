import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runAccountCommand } from '../../server/editor-access/account-commands.ts'
import {
  auditLines,
  cookieSet,
  editorTestApp,
  HOST,
  MINUTE,
  openSignInPage,
  PASSWORD,
  PASSWORD_LINK_HOURS,
  postSignIn,
  signedIn,
  TEST_SCRYPT_COST,
} from './support/editor-access-app.ts'

/** The text of the page's problem, as a person reads it. */
const problemOf = (html: string) => /<p class="problem" role="alert">([^<]*)<\/p>/.exec(html)?.[1]

describe('signing in to the editor', () => {
  it('takes the right password, sets a session and goes to the editor, which names the account', async () => {
    const { http } = await editorTestApp()
    const { cookie, answer } = await signedIn(http)
    expect(answer.headers.location).toBe('/_editor')
    const page = await http.get('/_editor').set('Host', HOST).set('Cookie', cookie)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Signed in as <strong>asha</strong>')
    expect(page.text).toContain('action="/_editor/sign-out"')
  })

  it('answers a wrong password and an unknown account alike', async () => {
    const { http, entries } = await editorTestApp()
    const wrong = await postSignIn(http, { account: 'asha', password: 'not the password at all' })
    const unknown = await postSignIn(http, { account: 'nobody', password: 'not the password at all' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(problemOf(unknown.text)).toBe(problemOf(wrong.text))
    expect(unknown.text.replace(/value="[^"]*"/g, '')).toBe(wrong.text.replace(/value="[^"]*"/g, '').replace('asha', 'nobody'))
    expect(cookieSet(wrong, 'editor_session')).toBeUndefined()
    expect(auditLines(entries).map(({ event, account, reason }) => ({ event, account, reason }))).toEqual([
      { event: 'sign-in-failed', account: 'asha', reason: 'wrong-password' },
      { event: 'sign-in-failed', account: 'nobody', reason: 'unknown-account' },
    ])
  })

  it('gives an account name typed with markup back as text, never as markup', async () => {
    const { http } = await editorTestApp()
    const answer = await postSignIn(http, { account: `"><script>alert('x')</script>`, password: 'not the password at all' })
    expect(answer.status).toBe(401)
    expect(answer.text).toContain('value="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"')
    expect(answer.text).not.toMatch(/<script/i)
  })

  it('slows a name that keeps failing from one address, says when to try again, and takes the right password once that time has come', async () => {
    const { http, advance, entries } = await editorTestApp()
    for (let attempt = 1; attempt <= 3; attempt++) expect((await postSignIn(http, { account: 'asha', password: `wrong guess number ${attempt}` })).status).toBe(401)
    const slowed = await postSignIn(http, { account: 'asha', password: PASSWORD })
    expect(slowed.status).toBe(429)
    expect(slowed.headers['retry-after']).toBe('1')
    expect(problemOf(slowed.text)).toBe('Too many failed sign-ins for this account name from your network. Try again in 1 second.')
    expect(cookieSet(slowed, 'editor_session')).toBeUndefined()
    // Another account from the same address is not slowed by asha's failures.
    expect((await postSignIn(http, { account: 'ben', password: 'ben has a long password' })).status).toBe(303)

    advance(1000)
    expect((await postSignIn(http, { account: 'asha', password: PASSWORD })).status).toBe(303)
    const events = auditLines(entries).map(({ event, reason }) => `${event}${reason ? `:${reason}` : ''}`)
    expect(events).toEqual(['sign-in-failed:wrong-password', 'sign-in-failed:wrong-password', 'sign-in-failed:wrong-password', 'sign-in-failed:throttled', 'sign-in', 'sign-in'])
  })

  it('waits longer after each further failure, then forgets the failures with time', async () => {
    const { http, advance } = await editorTestApp()
    const waits: string[] = []
    for (let attempt = 1; waits.length < 4; attempt++) {
      const answer = await postSignIn(http, { account: 'asha', password: `wrong guess number ${attempt}` })
      if (answer.status === 429) {
        waits.push(problemOf(answer.text)!.replace(/^.*Try again in /, ''))
        advance(Number(answer.headers['retry-after']) * 1000)
      } else expect(answer.status).toBe(401)
    }
    expect(waits).toEqual(['1 second.', '2 seconds.', '4 seconds.', '8 seconds.'])
    // An hour and three quarters later (one failure forgotten per 15 minutes), three mistakes are free again.
    advance(105 * MINUTE)
    for (let attempt = 1; attempt <= 3; attempt++) expect((await postSignIn(http, { account: 'asha', password: `later guess ${attempt}` })).status).toBe(401)
    expect((await postSignIn(http, { account: 'asha', password: PASSWORD })).status).toBe(429)
  })

  it('slows an address after 10 failures over any names, and only that address', async () => {
    const { http } = await editorTestApp({ trustProxy: 1 })
    const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } })
    for (let attempt = 1; attempt <= 10; attempt++)
      expect((await postSignIn(http, { account: `guess${attempt}`, password: 'some long password' }, from('198.51.100.7'))).status).toBe(401)
    const slowed = await postSignIn(http, { account: 'ben', password: 'ben has a long password' }, from('198.51.100.7'))
    expect(slowed.status).toBe(429)
    expect(problemOf(slowed.text)).toBe('Too many failed sign-ins from your network. Try again in 1 second.')
    expect((await postSignIn(http, { account: 'ben', password: 'ben has a long password' }, from('203.0.113.20'))).status).toBe(303)
  })

  it('renews the session at sign-in: a session cookie held before signing in is dropped', async () => {
    const { http } = await editorTestApp()
    const first = await signedIn(http)
    const form = await openSignInPage(http)
    const again = await postSignIn(http, { account: 'asha', password: PASSWORD }, { from: { ...form, cookie: `${form.cookie}; ${first.cookie}` } })
    expect(again.status).toBe(303)
    const renewed = `editor_session=${cookieSet(again, 'editor_session')}`
    expect(renewed).not.toBe(first.cookie)
    expect((await http.get('/_editor/api/session').set('Host', HOST).set('Cookie', first.cookie)).status).toBe(401)
    expect((await http.get('/_editor/api/session').set('Host', HOST).set('Cookie', renewed)).status).toBe(200)
  })

  it('refuses a sign-in without the sign-in page token or with another browser’s', async () => {
    const { http } = await editorTestApp()
    const mine = await openSignInPage(http)
    const theirs = await openSignInPage(http)
    const swapped = await postSignIn(http, { account: 'asha', password: PASSWORD }, { from: { ...mine, csrf: theirs.csrf } })
    expect(swapped.status).toBe(403)
    const noCookie = await postSignIn(http, { account: 'asha', password: PASSWORD }, { from: { ...mine, cookie: '' } })
    expect(noCookie.status).toBe(403)
    expect(cookieSet(noCookie, 'editor_session')).toBeUndefined()
  })
})

describe('an editor session', () => {
  it('ends after 30 idle minutes, and lives on while used', async () => {
    const { http, advance } = await editorTestApp()
    const { cookie } = await signedIn(http)
    const session = () => http.get('/_editor/api/session').set('Host', HOST).set('Cookie', cookie)
    advance(29 * MINUTE)
    expect((await session()).status).toBe(200)
    advance(29 * MINUTE)
    expect((await session()).status).toBe(200)
    advance(30 * MINUTE)
    const ended = await session()
    expect(ended.status).toBe(401)
    expect(cookieSet(ended, 'editor_session')).toBe('')
  })

  it('ends 12 hours after sign-in however busy', async () => {
    const { http, advance } = await editorTestApp()
    const { cookie } = await signedIn(http)
    for (let hour = 0; hour < 24; hour++) {
      advance(29 * MINUTE)
      const status = (await http.get('/_editor/api/session').set('Host', HOST).set('Cookie', cookie)).status
      expect(status, `after ${(hour + 1) * 29} minutes`).toBe((hour + 1) * 29 < 12 * 60 ? 200 : 401)
    }
  })

  it('ends when its account is removed or its password reset', async () => {
    const { http, accountsFile } = await editorTestApp()
    const asha = await signedIn(http)
    const ben = await signedIn(http, 'ben', 'ben has a long password')
    const newPassword = async () => ({ password: 'a brand new long passphrase' })
    expect((await runAccountCommand(['remove', 'asha'], { file: accountsFile, newPassword, passwordLinkHours: PASSWORD_LINK_HOURS })).code).toBe(0)
    expect((await http.get('/_editor').set('Host', HOST).set('Cookie', asha.cookie)).status).toBe(303)
    expect((await postSignIn(http, { account: 'asha', password: PASSWORD })).status).toBe(401)

    // The file's modification time may not change within one clock tick; a reset writes a new file (a new inode) anyway.
    expect(
      (
        await runAccountCommand(['reset', 'ben'], {
          file: accountsFile,
          newPassword,
          passwordLinkHours: PASSWORD_LINK_HOURS,
          scryptCost: TEST_SCRYPT_COST,
          now: () => new Date(Date.now() + 1000),
        })
      ).code,
    ).toBe(0)
    expect((await http.get('/_editor').set('Host', HOST).set('Cookie', ben.cookie)).status).toBe(303)
    expect((await postSignIn(http, { account: 'ben', password: 'a brand new long passphrase' })).status).toBe(303)
    expect(fs.statSync(accountsFile).mode & 0o777).toBe(0o600)
  })

  it('signs out: the cookie is cleared, the session is over and the sign-out is audited', async () => {
    const { http, entries } = await editorTestApp()
    const { cookie } = await signedIn(http)
    const page = await http.get('/_editor').set('Host', HOST).set('Cookie', cookie)
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!
    const out = await http.post('/_editor/sign-out').set('Host', HOST).set('Origin', `http://${HOST}`).set('Cookie', cookie).type('form').send({ csrf })
    expect(out.status).toBe(303)
    expect(out.headers.location).toBe('/_editor/sign-in')
    expect(cookieSet(out, 'editor_session')).toBe('')
    expect((await http.get('/_editor/api/session').set('Host', HOST).set('Cookie', cookie)).status).toBe(401)
    expect(auditLines(entries).map(({ event }) => event)).toEqual(['sign-in', 'sign-out'])
  })
})

describe('the audit lines', () => {
  it('name the event, account, address and time, and hold no password, hash, token or cookie', async () => {
    const { http, entries, lines, accountsFile } = await editorTestApp()
    const { cookie, csrfToken } = await signedIn(http)
    for (let attempt = 1; attempt <= 5; attempt++) await postSignIn(http, { account: 'ben', password: `wrong password ${attempt}` })
    const lineEvents = auditLines(entries)
    expect(lineEvents.map(({ event, reason }) => [event, reason])).toEqual([
      ['sign-in', undefined],
      ...Array(3).fill(['sign-in-failed', 'wrong-password']),
      ...Array(2).fill(['sign-in-failed', 'throttled']),
    ])
    expect(lineEvents.at(-1)).toMatchObject({ because: 'account-from-address', retryAfterSeconds: 1 })
    for (const line of lineEvents) {
      expect(Object.keys(line)).toEqual(expect.arrayContaining(['audit', 'event', 'account', 'address', 'at']))
      expect(line.address).toBeTruthy()
      expect(Number.isNaN(Date.parse(String(line.at)))).toBe(false)
    }
    const stored = JSON.parse(fs.readFileSync(accountsFile, 'utf8')) as { accounts: Record<string, { password: { hash: string; salt: string } }> }
    const secrets = [PASSWORD, 'wrong password', cookie.split('=')[1]!, csrfToken, stored.accounts.asha!.password.hash, stored.accounts.asha!.password.salt]
    for (const line of lines) for (const secret of secrets) expect(line).not.toContain(secret)
  })
})
