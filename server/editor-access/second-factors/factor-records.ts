import { updateAccounts } from '../accounts-file.ts'
import type { AccountFactors } from './account-factors.ts'

/**
 * Changes one account's factors through the accounts module, the file read afresh and written
 * whole, one change at a time in this process, so two changes at once do not undo each other.
 * False when the account is gone.
 */
export function factorRecords(file: string) {
  return (account: string, change: (factors: AccountFactors) => AccountFactors): Promise<boolean> =>
    // In turn with every other change of the accounts (the Accounts screen's, a password's): none undoes another.
    updateAccounts(file, (accounts) => {
      const record = accounts[account]
      if (!record) return { result: false }
      const factors = change(record.factors ?? {})
      const kept = Object.fromEntries(Object.entries(factors).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0))) as AccountFactors
      const { factors: _old, ...rest } = record
      return { accounts: { ...accounts, [account]: Object.keys(kept).length > 0 ? { ...rest, factors: kept } : rest }, result: true }
    })
}

export type FactorRecords = ReturnType<typeof factorRecords>
