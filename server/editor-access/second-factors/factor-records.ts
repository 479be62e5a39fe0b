import { readAccounts, writeAccounts } from '../accounts-file.ts'
import type { AccountFactors } from './account-factors.ts'

/**
 * Changes one account's factors through the accounts module, the file read afresh and written
 * whole, one change at a time in this process, so two changes at once do not undo each other.
 * False when the account is gone.
 */
export function factorRecords(file: string) {
  let queue: Promise<unknown> = Promise.resolve()
  return (account: string, change: (factors: AccountFactors) => AccountFactors): Promise<boolean> => {
    const run = queue.then(async () => {
      const accounts = await readAccounts(file)
      const record = accounts[account]
      if (!record) return false
      const factors = change(record.factors ?? {})
      const kept = Object.fromEntries(Object.entries(factors).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0))) as AccountFactors
      const { factors: _old, ...rest } = record
      await writeAccounts(file, { ...accounts, [account]: Object.keys(kept).length > 0 ? { ...rest, factors: kept } : rest })
      return true
    })
    queue = run.catch(() => undefined)
    return run
  }
}

export type FactorRecords = ReturnType<typeof factorRecords>
