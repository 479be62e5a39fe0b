import { describe, expect, it } from 'vitest'
import { readAccounts, writeAccounts } from '../../server/editor-access/accounts-file.ts'
import { auditLines, editorTestApp, HOST, PASSWORD, postSignIn, signedIn } from './support/editor-access-app.ts'

/** Sets what an admin sets on an account (its role, whether it is disabled) in the accounts file. */
async function changeAccount(file: string, account: string, change: { role?: 'editor' | 'publisher' | 'admin'; disabled?: boolean }) {
  const accounts = await readAccounts(file)
  await writeAccounts(file, { ...accounts, [account]: { ...accounts[account]!, ...change } })
}

const sessionOf = async (http: Awaited<ReturnType<typeof editorTestApp>>['http'], cookie: string) =>
  (await http.get('/_editor/api/session').set('Host', HOST).set('Cookie', cookie)).body as { account: string; role: string }

describe('an account’s role', () => {
  it('is an admin’s for an account made before roles, and what the accounts file says once set, from the next request on', async () => {
    const { http, accountsFile } = await editorTestApp()
    const asha = await signedIn(http)
    expect(await sessionOf(http, asha.cookie)).toMatchObject({ account: 'asha', role: 'admin' })
    await changeAccount(accountsFile, 'asha', { role: 'editor' })
    expect(await sessionOf(http, asha.cookie)).toMatchObject({ account: 'asha', role: 'editor' })
  })
})

describe('a disabled account', () => {
  it('ends its sessions, cannot sign in, and says so only to whoever gives its password', async () => {
    const { http, accountsFile, entries } = await editorTestApp()
    const asha = await signedIn(http)
    await changeAccount(accountsFile, 'asha', { disabled: true })
    expect((await http.get('/_editor/api/session').set('Host', HOST).set('Cookie', asha.cookie)).status).toBe(401)

    const wrong = await postSignIn(http, { account: 'asha', password: 'not the password at all' })
    expect(wrong.status).toBe(401)
    expect(wrong.text).not.toContain('disabled')
    const right = await postSignIn(http, { account: 'asha', password: PASSWORD })
    expect(right.status).toBe(401)
    expect(right.text).toContain('This account has been disabled. Ask an admin of the site to enable it again.')
    expect(
      auditLines(entries)
        .filter((line) => line.event === 'sign-in-failed')
        .map((line) => line.reason),
    ).toEqual(['wrong-password', 'disabled'])

    await changeAccount(accountsFile, 'asha', { disabled: false })
    expect((await postSignIn(http, { account: 'asha', password: PASSWORD })).status).toBe(303)
  })
})
