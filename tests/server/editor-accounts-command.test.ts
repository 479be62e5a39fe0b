import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from '../../scripts/lib/paths.ts'
import { cookieSet, editorTestApp, HOST, ORIGIN, postSignIn } from './support/editor-access-app.ts'

/** `npm run editor:user -- …` as the operator runs it, from source; the password on standard input (not a terminal). */
function editorUser(file: string, args: string[], input = '') {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/compose/editor-user-cli.ts'), ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    env: { ...process.env, EDITOR_ACCOUNTS_FILE: file },
  })
  return { code: run.status, out: run.stdout, err: run.stderr }
}

const accountsFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'editor-user-')), 'editor-accounts.json')
const stored = (file: string) =>
  JSON.parse(fs.readFileSync(file, 'utf8')) as { accounts: Record<string, { password: Record<string, unknown>; createdAt: string; changedAt: string }> }

describe('npm run editor:user', () => {
  it('adds an account with the password from standard input, hashed with scrypt, in a file of mode 600', () => {
    const file = accountsFile()
    const added = editorUser(file, ['add', 'asha'], 'a long and unusual passphrase\n')
    expect(added, added.err).toMatchObject({ code: 0 })
    expect(added.out).toContain('Account "asha" made')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    const { password } = stored(file).accounts.asha!
    expect(password).toMatchObject({ algorithm: 'scrypt', N: expect.any(Number), r: expect.any(Number), p: expect.any(Number), salt: expect.any(String), hash: expect.any(String) })
    expect(fs.readFileSync(file, 'utf8')).not.toContain('a long and unusual passphrase')
    // Each account has its own salt: the same password makes another hash.
    expect(editorUser(file, ['add', 'ben'], 'a long and unusual passphrase\n').code).toBe(0)
    expect(stored(file).accounts.ben!.password.hash).not.toBe(password.hash)
    expect(stored(file).accounts.ben!.password.salt).not.toBe(password.salt)
  })

  it.each([
    ['too short', 'short pass', /too short: use at least 12 characters/],
    ['common', 'qwertyuiop123', /most common passwords/],
    ['common in other capitals', 'QwertyUiop123', /most common passwords/],
    ['containing the name', 'my name is asha-roy, ok', /contains the account name/],
  ])('refuses a %s password and changes nothing', (_kind, password, problem) => {
    const file = accountsFile()
    const refused = editorUser(file, ['add', 'asha-roy'], `${password}\n`)
    expect(refused.code).toBe(1)
    expect(refused.err).toMatch(problem)
    expect(fs.existsSync(file)).toBe(false)
  })

  it('refuses to touch a file others may read', () => {
    const file = accountsFile()
    expect(editorUser(file, ['add', 'asha'], 'a long and unusual passphrase\n').code).toBe(0)
    fs.chmodSync(file, 0o644)
    for (const args of [['list'], ['remove', 'asha'], ['add', 'ben']]) {
      const refused = editorUser(file, args, 'another long passphrase\n')
      expect(refused.code, args.join(' ')).toBe(1)
      expect(refused.err).toContain('chmod 600')
    }
    expect(Object.keys(stored(file).accounts)).toEqual(['asha'])
  })

  it('lists names and dates without any hash, resets a password and removes an account', () => {
    const file = accountsFile()
    editorUser(file, ['add', 'asha'], 'a long and unusual passphrase\n')
    expect(editorUser(file, ['add', 'ben'], 'an entirely different passphrase\n').code).toBe(0)
    const before = stored(file).accounts.asha!

    const reset = editorUser(file, ['reset', 'asha'], 'a completely new passphrase\n')
    expect(reset.code).toBe(0)
    const after = stored(file).accounts.asha!
    expect(after.password.hash).not.toBe(before.password.hash)
    expect(after.createdAt).toBe(before.createdAt)
    expect(Date.parse(after.changedAt)).toBeGreaterThanOrEqual(Date.parse(before.changedAt))

    const list = editorUser(file, ['list'])
    expect(list.code).toBe(0)
    expect(list.out).toMatch(/^asha {2}admin {2}made \S+ {2}password set \S+\nben {2}editor {2}made /)
    const text = fs.readFileSync(file, 'utf8')
    for (const secret of [after.password.hash, after.password.salt] as string[]) expect(list.out).not.toContain(secret)
    expect(text).toContain(after.password.hash as string)

    expect(editorUser(file, ['remove', 'asha']).code).toBe(0)
    expect(Object.keys(stored(file).accounts)).toEqual(['ben'])
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
  })

  it('makes the first account an admin and the next editors unless --role says, changes roles, disables and enables, and keeps an admin', () => {
    const file = accountsFile()
    expect(editorUser(file, ['add', 'asha'], 'a long and unusual passphrase\n').out).toContain('Account "asha" made (admin)')
    expect(editorUser(file, ['add', 'ben'], 'an entirely different passphrase\n').out).toContain('(editor)')
    expect(editorUser(file, ['add', 'chitra', '--role', 'publisher'], 'a third unusual passphrase\n').out).toContain('(publisher)')
    expect(editorUser(file, ['add', 'dev', '--role', 'root'], 'a fourth unusual passphrase\n').code).toBe(2)

    expect(editorUser(file, ['role', 'ben', 'publisher']).code).toBe(0)
    const lastAdmin = editorUser(file, ['role', 'asha', 'editor'])
    expect(lastAdmin.code).toBe(1)
    expect(lastAdmin.err).toContain('"asha" is the last admin')
    expect(editorUser(file, ['disable', 'asha']).code).toBe(1)
    expect(editorUser(file, ['disable', 'ben']).code).toBe(0)
    expect(editorUser(file, ['list']).out).toMatch(/^ben {2}publisher {2}DISABLED /m)
    expect(editorUser(file, ['enable', 'ben']).code).toBe(0)
    expect(stored(file).accounts.ben).not.toHaveProperty('disabled')
  })

  it('invites an account by a one-time link the server takes once, storing only its hash', async () => {
    const file = accountsFile()
    const invited = editorUser(file, ['invite', 'asha'])
    expect(invited, invited.err).toMatchObject({ code: 0 })
    expect(invited.out).toContain('Account "asha" invited (admin)')
    const link = /\/_editor\/set-password\?token=\S+/.exec(invited.out)![0]
    expect(fs.readFileSync(file, 'utf8')).not.toContain(link.split('=')[1])

    const app = await editorTestApp({ accountsFile: file })
    const page = await app.http.get(link).set('Host', HOST)
    expect(page.status).toBe(200)
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!
    const sent = { csrf, token: link.split('=')[1]!, password: 'a long and unusual passphrase', confirm: 'a long and unusual passphrase' }
    const cookie = `editor_sign_in=${cookieSet(page, 'editor_sign_in')}`
    const set = await app.http.post('/_editor/set-password').set('Host', HOST).set('Origin', ORIGIN).set('Cookie', cookie).type('form').send(sent)
    expect(set.status).toBe(303)
    expect((await postSignIn(app.http, { account: 'asha', password: 'a long and unusual passphrase' })).status).toBe(303)
    expect(editorUser(file, ['list']).out).toMatch(/^asha {2}admin {2}made \S+ {2}password set /)
  })

  it('removes an account’s second factors and nothing else of it, for someone who lost their phone and their recovery codes', () => {
    const file = accountsFile()
    editorUser(file, ['add', 'asha'], 'a long and unusual passphrase\n')
    editorUser(file, ['add', 'ben'], 'an entirely different passphrase\n')
    const factors = { passkeys: [{ id: 'key', publicKey: 'pk', counter: 3, name: 'Phone', createdAt: '2031-01-01T00:00:00.000Z' }], recoveryCodes: ['hash'] }
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as { accounts: Record<string, Record<string, unknown>> }
    for (const name of ['asha', 'ben']) written.accounts[name]!.factors = factors
    fs.writeFileSync(file, JSON.stringify(written))
    const before = stored(file).accounts.asha!

    const removed = editorUser(file, ['remove-factors', 'Asha'])
    expect(removed, removed.err).toMatchObject({ code: 0 })
    expect(removed.out).toContain('The passkeys, authenticator app and recovery codes of "asha" are removed')
    const after = stored(file).accounts as Record<string, Record<string, unknown>>
    const { factors: _removed, ...rest } = before as Record<string, unknown>
    expect(after.asha).toEqual(rest)
    expect(after.ben!.factors).toEqual(factors)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(editorUser(file, ['remove-factors', 'nobody']).code).toBe(1)
    expect(editorUser(file, ['remove-factors']).code).toBe(2)
  })

  it('sets an account’s e-mail address when adding or inviting it (--email) and with email, clears it, and refuses a bad one writing nothing', () => {
    const file = accountsFile()
    const added = editorUser(file, ['add', 'asha', '--email', 'asha@example.com', '--role', 'admin'], 'a long and unusual passphrase\n')
    expect(added, added.err).toMatchObject({ code: 0 })
    const invited = editorUser(file, ['invite', 'ben', '--role', 'publisher', '--email', 'ben@example.com'])
    expect(invited, invited.err).toMatchObject({ code: 0 })
    const emails = () => Object.fromEntries(Object.entries(stored(file).accounts).map(([name, account]) => [name, (account as { email?: string }).email]))
    expect(emails()).toEqual({ asha: 'asha@example.com', ben: 'ben@example.com' })
    expect(editorUser(file, ['list']).out).toMatch(/^ben {2}publisher .* mail to ben@example\.com$/m)

    const changed = editorUser(file, ['email', 'Ben', 'ben.k@example.org'])
    expect(changed.out).toContain('The editor mails "ben" at ben.k@example.org now.')
    const cleared = editorUser(file, ['email', 'asha', '--clear'])
    expect(cleared.out).toContain('"asha" has no e-mail address now')
    expect(emails()).toEqual({ asha: undefined, ben: 'ben.k@example.org' })
    expect(stored(file).accounts.asha).not.toHaveProperty('email')

    const before = fs.readFileSync(file, 'utf8')
    for (const bad of ['ben@example.com, mallory@evil.example', 'Ben <ben@example.com>', 'nobody', `${'b'.repeat(250)}@example.com`]) {
      const refused = editorUser(file, ['email', 'ben', bad])
      expect(refused.code).toBe(1)
      expect(refused.err).toMatch(/e-mail address.*Nothing was changed\./)
      expect(editorUser(file, ['add', 'chitra', '--email', bad], 'a third unusual passphrase\n').code).toBe(1)
    }
    expect(fs.readFileSync(file, 'utf8')).toBe(before)
    expect(editorUser(file, ['email', 'nobody', 'a@example.com']).code).toBe(1)
    expect(editorUser(file, ['email', 'ben']).code).toBe(2)
    expect(editorUser(file, ['invite', 'chitra', '--email']).code).toBe(2)
    expect(editorUser(file, ['invite', 'chitra', '--email', 'a@example.com', '--email', 'b@example.com']).code).toBe(2)
  })

  it('refuses what it cannot do with 1 and what it does not understand with 2', () => {
    const file = accountsFile()
    expect(editorUser(file, ['remove', 'nobody']).code).toBe(1)
    expect(editorUser(file, ['reset', 'nobody'], 'a long and unusual passphrase\n').code).toBe(1)
    expect(editorUser(file, ['add', 'Not A Name'], 'a long and unusual passphrase\n').code).toBe(1)
    editorUser(file, ['add', 'asha'], 'a long and unusual passphrase\n')
    expect(editorUser(file, ['add', 'asha'], 'another long passphrase\n').code).toBe(1)
    const usage = editorUser(file, ['delete', 'asha'])
    expect(usage.code).toBe(2)
    expect(usage.err).toContain('Usage: npm run editor:user')
    expect(editorUser(file, []).code).toBe(2)
  })
})
