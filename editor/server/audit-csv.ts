import type { AuditEntry } from '../../site/audit-entry.ts'

/** What a row of the CSV shows of an entry. */
type AuditRow = Omit<AuditEntry, 'id'>

const COLUMNS = ['time', 'event', 'account', 'address', 'details'] as const

/**
 * One cell. A spreadsheet runs a cell starting with `=`, `+`, `-` or `@` (or a tab or carriage
 * return before one) as a formula, and an account name or address is typed by anyone who tries to
 * sign in: such a cell starts with `'` so it is shown as text. Every cell is quoted, its quotes
 * doubled (RFC 4180). Five lines, so no CSV package for them.
 */
function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return `"${text.replace(/"/g, '""')}"`
}

const detailsText = (details: AuditRow['details']) =>
  Object.entries(details)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('; ')

export const csvHeader = (): string => `${COLUMNS.join(',')}\r\n`

export const csvLine = (row: AuditRow): string => `${[row.at, row.event, row.account, row.address, detailsText(row.details)].map(csvCell).join(',')}\r\n`
