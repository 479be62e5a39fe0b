import { fieldOfTemplate, payloadTemplates } from './form-payload.ts'
import { FIELD_FORMATS } from './form-rules.ts'
import type { FormField, SiteForm } from './generated/site-config.ts'

/**
 * A date field's rules (earliest, latest, allowed weekdays), declared once in the form's field in
 * site.config.json, and the one evaluation of them: the browser sets the input's min and max and
 * checks before sending, the server checks again at the moment of the request, both with these
 * functions, so a raw request gets no further than a visitor. Relative bounds ("+1d") count from
 * today in the site's time zone (site.timeZone), not the visitor's or the server's.
 */

/** Weekdays as the config names them, Monday first (the ISO week). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** What a date field may declare (schemas/defs/forms.schema.json, field properties earliest, latest, weekdays). */
export interface DateRules {
  earliest?: string | undefined
  latest?: string | undefined
  weekdays?: readonly Weekday[] | undefined
}

/**
 * A bound: `today`, a number of days from today (`+1d` tomorrow, `+90d`, `-7d`), or a day of the
 * calendar (`2026-12-24`). The schema's pattern is this one; the checker explains it when broken.
 */
export const DATE_BOUND_PATTERN = '^(today|[+-][0-9]{1,4}d|[0-9]{4}-[0-9]{2}-[0-9]{2})$'

/** A date the visitor may not choose, with what the words about it need. */
export type DateProblem = { keyword: 'dateTooEarly' | 'dateTooLate'; limit: string } | { keyword: 'dateWeekday'; weekdays: readonly Weekday[] }

const DAY_MS = 24 * 60 * 60 * 1000

const utcOf = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`)
const isoOf = (utc: number) => new Date(utc).toISOString().slice(0, 10)

/** The calendar day it is at `now` in `timeZone` (Intl's en-CA writes YYYY-MM-DD). */
export function todayIn(timeZone: string, now: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

export const addDays = (isoDate: string, days: number): string => isoOf(utcOf(isoDate) + days * DAY_MS)

export const weekdayOf = (isoDate: string): Weekday => WEEKDAYS[(new Date(utcOf(isoDate)).getUTCDay() + 6) % 7]!

/** A relative bound as a number of days from today; undefined for an absolute one. */
export function relativeDays(bound: string): number | undefined {
  if (bound === 'today') return 0
  const days = /^([+-]\d+)d$/.exec(bound)?.[1]
  return days === undefined ? undefined : Number(days)
}

/** The day a bound names, given today's. */
function resolveBound(bound: string, today: string): string {
  const days = relativeDays(bound)
  return days === undefined ? bound : addDays(today, days)
}

/** The first and last day allowed today: the input's min and max. */
export function dateRange(rules: DateRules, today: string): { min?: string; max?: string } {
  return {
    ...(rules.earliest ? { min: resolveBound(rules.earliest, today) } : {}),
    ...(rules.latest ? { max: resolveBound(rules.latest, today) } : {}),
  }
}

/** Whether the field declares any rule, so the ones without cost nothing. */
const hasDateRules = (rules: DateRules): boolean => Boolean(rules.earliest || rules.latest || rules.weekdays)

/** The rule a calendar date (YYYY-MM-DD, already checked as one) breaks first, or null. ISO dates compare as text. */
export function dateProblem(isoDate: string, rules: DateRules, today: string): DateProblem | null {
  const { min, max } = dateRange(rules, today)
  if (min !== undefined && isoDate < min) return { keyword: 'dateTooEarly', limit: min }
  if (max !== undefined && isoDate > max) return { keyword: 'dateTooLate', limit: max }
  if (rules.weekdays && !rules.weekdays.includes(weekdayOf(isoDate))) return { keyword: 'dateWeekday', weekdays: rules.weekdays }
  return null
}

/** The payload keys that are exactly a date field with rules, with that field (a date inside a composed text is sent as text). */
export function datedKeys(form: SiteForm): Array<{ key: string; field: FormField }> {
  return Object.entries(payloadTemplates(form)).flatMap(([key, template]) => {
    const field = fieldOfTemplate(form, template)
    return field?.input === 'date' && hasDateRules(field) ? [{ key, field }] : []
  })
}

/**
 * Each sent date that breaks its field's rules, by payload key. Only text that is a calendar date
 * is judged: anything else already breaks the payload schema, which names it first.
 */
export function payloadDateProblems(form: SiteForm, payload: Readonly<Record<string, unknown>>, today: string): Record<string, DateProblem> {
  const problems: Record<string, DateProblem> = {}
  for (const { key, field } of datedKeys(form)) {
    const value = payload[key]
    if (typeof value !== 'string' || !FIELD_FORMATS.date.valid(value)) continue
    const problem = dateProblem(value, field, today)
    if (problem) problems[key] = problem
  }
  return problems
}
