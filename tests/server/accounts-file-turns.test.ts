import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readAccounts, updateAccounts, writeAccounts, writePolicy } from '../../server/editor-access/accounts-file.ts'
import { factorRecords } from '../../server/editor-access/second-factors/factor-records.ts'

/**
 * The accounts file has three writers in the server (the Accounts screen, Sign-in security's
 * factors, the second-factor policy), each reading the file and writing it whole: at once, none
 * may undo another's change.
 */
describe('changes of the accounts file at once', () => {
  it('keeps every one: roles changed, factors added and the policy set in the same moment', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'accounts-turns-')), 'accounts.json')
    const names = Array.from({ length: 8 }, (_, index) => `editor${index}`)
    const at = new Date(0).toISOString()
    await writeAccounts(file, Object.fromEntries(names.map((name) => [name, { createdAt: at, changedAt: at, role: 'editor' as const }])))
    const records = factorRecords(file)

    await Promise.all([
      ...names.map((name) => updateAccounts(file, (accounts) => ({ accounts: { ...accounts, [name]: { ...accounts[name]!, role: 'publisher' as const } }, result: undefined }))),
      ...names.map((name) => records(name, (factors) => ({ ...factors, recoveryCodes: [`code of ${name}`] }))),
      writePolicy(file, { secondFactorRequired: true }),
    ])

    const accounts = await readAccounts(file)
    for (const name of names) expect(accounts[name], name).toMatchObject({ role: 'publisher', factors: { recoveryCodes: [`code of ${name}`] } })
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).policy).toEqual({ secondFactorRequired: true })
  })
})
