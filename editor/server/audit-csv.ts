/** What a row of the audit trail shows, in the order of the CSV's columns. */
export interface AuditRow {
  at: string
  event: string
  account: string
  address: string
  details: Record<string, string | number | boolean>
}

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
