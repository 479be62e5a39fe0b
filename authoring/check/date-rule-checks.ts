import { errorCatalogue, say, type Said } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import type { JsonPath, SourcePositions } from './source-positions.ts'
import { closestMatch } from './suggest.ts'
import { isRecord } from './walk.ts'
import { DATE_BOUND_PATTERN, relativeDays } from '../../site/date-rules.ts'
import { FIELD_FORMATS } from '../../site/form-rules.ts'

type Add = (said: Said, path: JsonPath, wherePath?: JsonPath) => void

const DATE_RULES = ['earliest', 'latest', 'weekdays'] as const
const isBound = (value: unknown): value is string => typeof value === 'string' && new RegExp(DATE_BOUND_PATTERN).test(value)

/**
 * What the schema cannot see of a field's date rules (it refuses a bound of the wrong form and a
 * weekday it does not know): a calendar day that does not exist, an earliest after the latest
 * (compared when both count from today or both are days of the calendar; a mix changes its order
 * as the days pass), and a rule on a field that has no days.
 */
export function dateRuleFindings(form: string, field: Record<string, unknown>, at: JsonPath, add: Add): void {
  const name = String(field.name)
  if (field.input !== 'date') {
    for (const rule of DATE_RULES)
      if (field[rule] !== undefined) add(say(errorCatalogue.dateRulesOnOtherInput, { form, field: name, rule, input: String(field.input) }), [...at, rule])
    return
  }
  for (const rule of ['earliest', 'latest'] as const) {
    const bound = field[rule]
    if (isBound(bound) && relativeDays(bound) === undefined && !FIELD_FORMATS.date.valid(bound))
      add(say(errorCatalogue.badDateBound, { name: JSON.stringify(rule), value: bound, fault: ': the calendar has no such day' }), [...at, rule])
  }
  const { earliest, latest } = field
  if (!isBound(earliest) || !isBound(latest)) return
  const [from, to] = [relativeDays(earliest), relativeDays(latest)]
  const inverted = from !== undefined && to !== undefined ? from > to : from === undefined && to === undefined && earliest > latest
  if (inverted) add(say(errorCatalogue.emptyDateRange, { form, field: name, earliest, latest }), [...at, 'earliest'])
}

/** A likely meaning of a bound the schema refused: "tomorrow" → +1d, "90 days" → +90d, "24.12.2026" → 2026-12-24. */
export function suggestedDateBound(value: string): string | undefined {
  const text = value.trim().toLowerCase()
  if (text === 'tomorrow') return '+1d'
  if (text === 'now') return 'today'
  const days = /^([+-]?)\s*(\d{1,4})\s*(d|days?)?$/.exec(text)
  if (days) return `${days[1] || '+'}${days[2]}d`
  const dayFirst = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text)
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`
  const yearFirst = /^(\d{4})[./](\d{1,2})[./](\d{1,2})$/.exec(text)
  if (yearFirst) return `${yearFirst[1]}-${yearFirst[2]!.padStart(2, '0')}-${yearFirst[3]!.padStart(2, '0')}`
  return undefined
}

/** Today's names of zones that ICU still lists under their old ones (Asia/Calcutta), so a guess offers the name people use. */
const RENAMED_ZONES = ['Asia/Kolkata', 'Asia/Kathmandu', 'Asia/Yangon', 'Asia/Ho_Chi_Minh', 'Europe/Kyiv', 'America/Nuuk', 'Atlantic/Faroe']

const isTimeZone = (name: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** site.timeZone must be one Intl knows: the browser and the server count today in it, and an unknown one would stop both. */
export function timeZoneFindings(data: unknown, positions: SourcePositions): Finding[] {
  const timeZone = isRecord(data) && isRecord(data.site) ? data.site.timeZone : undefined
  if (typeof timeZone !== 'string' || isTimeZone(timeZone)) return []
  const path: JsonPath = ['site', 'timeZone']
  const said = say(errorCatalogue.unknownTimeZone, { value: timeZone, guess: closestMatch(timeZone, [...RENAMED_ZONES, ...Intl.supportedValuesOf('timeZone')]) })
  return [{ ...said, wherePath: ['site'], valuePath: path, ...positions.valuePosition(path) }]
}
