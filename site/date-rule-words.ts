import type { DateProblem, Weekday } from './date-rules.ts'
import { WEEKDAYS } from './date-rules.ts'
import type { SiteTexts } from './generated/site-config.ts'
import { localDate } from './locale-format.ts'
import { fillTemplate } from './text-template.ts'

/**
 * A refused date in the site's words: the config's template (texts.form.problemDate…), its date
 * through localDate and its weekdays named by Intl, in site.locale. The browser's check and the
 * server's answer both say it here, so the visitor reads the same sentence from either.
 */

type FormTexts = NonNullable<SiteTexts['form']>

/** The text of texts.form that says each problem. */
export const DATE_PROBLEM_TEXTS = {
  dateTooEarly: 'problemDateTooEarly',
  dateTooLate: 'problemDateTooLate',
  dateWeekday: 'problemDateWeekday',
} as const satisfies Record<DateProblem['keyword'], keyof FormTexts>

export type DateProblemTexts = Pick<FormTexts, (typeof DATE_PROBLEM_TEXTS)[keyof typeof DATE_PROBLEM_TEXTS]>

/** 1 January 2024 was a Monday: the day of each weekday to ask Intl its name. */
const MONDAY_UTC = Date.UTC(2024, 0, 1)
const DAY_MS = 24 * 60 * 60 * 1000

/** "Monday, Tuesday or Saturday", "Montag, Dienstag oder Samstag": the days in week order, joined as the language joins alternatives. */
export function weekdayNames(weekdays: readonly Weekday[], locale: string): string {
  const name = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' })
  const names = WEEKDAYS.filter((day) => weekdays.includes(day)).map((day) => name.format(MONDAY_UTC + WEEKDAYS.indexOf(day) * DAY_MS))
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(names)
}

/** The values its template's placeholders take besides {label}: {date} or {weekdays}. */
function dateProblemValues(problem: DateProblem, locale: string): Record<string, string> {
  return problem.keyword === 'dateWeekday' ? { weekdays: weekdayNames(problem.weekdays, locale) } : { date: localDate(problem.limit, locale) }
}

/** The whole sentence, as the site's texts write it: "Wunschtermin muss nach dem 1. Dezember 2026 liegen". */
export function dateProblemText(texts: DateProblemTexts, label: string, problem: DateProblem, locale: string): string {
  return fillTemplate(texts[DATE_PROBLEM_TEXTS[problem.keyword]], { label, ...dateProblemValues(problem, locale) })
}
