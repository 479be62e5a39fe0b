import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { teamMailService } from '../../server/compose/team-mail-service.ts'
import { readAccounts } from '../../server/editor-access/accounts-file.ts'
import { auditLines, BEN_PASSWORD, type EditorTestApp, HOST, ORIGIN, postForm, signedIn, teamApp } from './support/editor-access-app.ts'

type Session = Awaited<ReturnType<typeof signedIn>>

const get = (app: EditorTestApp, session: Session, address: string) => app.http.get(`/_editor/api/${address}`).set('Host', HOST).set('Cookie', session.cookie)
const emailOf = async (app: EditorTestApp, name: string) => (await readAccounts(app.accountsFile))[name]?.email

/** Values a stranger or a slip of the hand may send as an address: each refused in words, nothing written. */
const HOSTILE = [
  'not an address',
  'ben@example.com, mallory@evil.example',
  'Ben <ben@example.com>',
  'ben@example.com\r\nBcc: mallory@evil.example',
  'ben@',
  'ben@localhost',
  '@example.com',
  `${'b'.repeat(250)}@example.com`,
  '<script>alert(1)</script>@example.com',
]

describe('an account’s e-mail address', () => {
  it('is set and cleared by an admin on any account (and when inviting), listed, used for the team’s mail, audited without the address', async () => {
    const app = await teamApp()
    const asha = await signedIn(app.http)
    const set = await postForm(app, asha, 'accounts/ben/email', { email: ' ben@example.com ' })
    expect(set.status, set.text).toBe(200)
    expect(set.body).toMatchObject({ account: 'ben', email: 'ben@example.com' })
    expect(await emailOf(app, 'ben')).toBe('ben@example.com')
    const listed = (await get(app, asha, 'accounts')).body.accounts as { name: string; email: string | null }[]
    expect(listed.find((row) => row.name === 'ben')?.email).toBe('ben@example.com')
    expect(listed.find((row) => row.name === 'asha')?.email).toBeNull()

    const invited = await postForm(app, asha, 'accounts/invite', { account: 'chitra', role: 'publisher', email: 'chitra@example.com' })
    expect(invited.status, invited.text).toBe(201)
    expect(await emailOf(app, 'chitra')).toBe('chitra@example.com')
    // The review mail goes to the publishers with an address: chitra now, not ben (an editor).
    const mailed: string[][] = []
    const team = teamMailService(app.accountsFile, { sendTeamMail: async (mail) => void mailed.push(mail.to) })
    expect(await team.addressesOf({ role: 'publisher' })).toEqual(['chitra@example.com'])
    expect(await team.addressesOf({ account: 'ben' })).toEqual(['ben@example.com'])

    const cleared = await postForm(app, asha, 'accounts/ben/email', { email: '' })
    expect(cleared.body).toMatchObject({ email: null })
    expect((await readAccounts(app.accountsFile)).ben).not.toHaveProperty('email')
    expect(await team.addressesOf({ account: 'ben' })).toEqual([])

    const lines = auditLines(app.entries).filter((line) => line.event === 'account-email' || line.event === 'account-invite')
    expect(lines.map((line) => [line.event, line.whom, line.email])).toEqual([
      ['account-email', 'ben', 'set'],
      ['account-invite', 'chitra', 'set'],
      ['account-email', 'ben', 'cleared'],
    ])
    expect(JSON.stringify(app.entries())).not.toContain('@example.com')
  })

  it('is set and cleared by everyone on their own account on My account', async () => {
    const app = await teamApp()
    const ben = await signedIn(app.http, 'ben', BEN_PASSWORD)
    const set = await postForm(app, ben, 'my-account/email', { email: 'Ben.K+site@Example.COM' })
    expect(set.status, set.text).toBe(200)
    expect(await emailOf(app, 'ben')).toBe('Ben.K+site@Example.COM')
    expect((await get(app, ben, 'my-account')).body).toMatchObject({ account: 'ben', email: 'Ben.K+site@Example.COM' })
    // Nothing else of the account changes.
    const before = (await readAccounts(app.accountsFile)).ben!
    await postForm(app, ben, 'my-account/email', {})
    const { email: _gone, ...rest } = before
    expect((await readAccounts(app.accountsFile)).ben).toEqual(rest)
    expect(
      auditLines(app.entries)
        .filter((line) => line.event === 'email-change')
        .map((line) => [line.account, line.email]),
    ).toEqual([
      ['ben', 'set'],
      ['ben', 'cleared'],
    ])
  })

  it('of another account cannot be set by an editor, nor by anyone signed out or from another site; nothing is written', async () => {
    const app = await teamApp()
    const ben = await signedIn(app.http, 'ben', BEN_PASSWORD)
    const asha = await signedIn(app.http)
    const before = fs.readFileSync(app.accountsFile, 'utf8')
    const asEditor = await postForm(app, ben, 'accounts/asha/email', { email: 'mallory@evil.example' })
    expect(asEditor.status).toBe(403)
    expect(asEditor.body.message).toBe("Your account is an editor: only admins may change another account's e-mail address. Nothing was changed.")
    // My account is always the session's own, whatever name the form carries.
    expect((await postForm(app, ben, 'my-account/email', { email: 'ben@example.com', account: 'asha' })).status).toBe(200)
    expect(await emailOf(app, 'asha')).toBeUndefined()
    const afterOwn = fs.readFileSync(app.accountsFile, 'utf8')

    const signedOut = await app.http.post('/_editor/api/accounts/ben/email').set('Host', HOST).set('Origin', ORIGIN).type('form').send({ email: 'x@evil.example' })
    expect(signedOut.status).toBe(401)
    for (const route of ['accounts/ben/email', 'my-account/email']) {
      const crossSite = await postForm(app, asha, route, { email: 'x@evil.example' }).set('Origin', 'https://evil.example')
      expect(crossSite.status).toBe(403)
      const noToken = await app.http.post(`/_editor/api/${route}`).set('Host', HOST).set('Cookie', asha.cookie).set('Origin', ORIGIN).type('form').send({ email: 'x@evil.example' })
      expect(noToken.status).toBe(403)
    }
    expect(fs.readFileSync(app.accountsFile, 'utf8')).toBe(afterOwn)
    expect(before).not.toBe(afterOwn)
  })

  it.each(HOSTILE)('refuses %j in plain words, on every route that takes one, writing nothing', async (value) => {
    const app = await teamApp()
    const asha = await signedIn(app.http)
    await postForm(app, asha, 'accounts/ben/email', { email: 'ben@example.com' })
    const before = fs.readFileSync(app.accountsFile, 'utf8')
    for (const [route, fields] of [
      ['accounts/ben/email', {}],
      ['my-account/email', {}],
      ['accounts/invite', { account: 'chitra', role: 'editor' }],
    ] as const) {
      const refused = await postForm(app, asha, route, { ...fields, email: value })
      expect(refused.status, route).toBe(400)
      expect(refused.body.message).toMatch(/e-mail address.*Nothing was changed\.$/s)
    }
    expect(fs.readFileSync(app.accountsFile, 'utf8')).toBe(before)
    expect(await emailOf(app, 'ben')).toBe('ben@example.com')
  })

  it('refuses an account that does not exist, or a hostile name, in words', async () => {
    const app = await teamApp()
    const asha = await signedIn(app.http)
    expect((await postForm(app, asha, 'accounts/nobody/email', { email: 'a@example.com' })).status).toBe(404)
    expect((await postForm(app, asha, 'accounts/__proto__/email', { email: 'a@example.com' })).status).toBeGreaterThanOrEqual(400)
    expect(Object.keys(await readAccounts(app.accountsFile)).sort()).toEqual(['asha', 'ben'])
  })
})
