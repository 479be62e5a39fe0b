/**
 * Numbers and dates as the site writes them: with Intl, in `site.locale`'s own numbering system
 * (২০২৬ in bn-IN, 2026 in en-IN), so nothing the site says itself comes out in another script.
 * The one place the site, the server's answers and its mails format a number or a date.
 */

interface NumberStyle {
  /** Off for a year, a status code or a reference: ২০২৬, not ২,০২৬. */
  grouping?: boolean
  /** Leading zeros up to this many digits: a step's "০১". */
  minimumDigits?: number
}

// One formatter per locale and style: a counter formats its figure on every animation frame.
const numberFormats = new Map<string, Intl.NumberFormat>()

/** A number in the site's digits; a year, a status code or a reference has no grouping (২০২৬, not ২,০২৬). */
export function localNumber(value: number, locale: string, { grouping = true, minimumDigits = 1 }: NumberStyle = {}): string {
  const key = `${locale} ${grouping} ${minimumDigits}`
  let format = numberFormats.get(key)
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, { useGrouping: grouping, minimumIntegerDigits: minimumDigits })))
  return format.format(value)
}

/** A calendar date as the config or a visitor writes it (YYYY-MM-DD), in the site's words and digits: "5 December 2026", "৫ ডিসেম্বর, ২০২৬". */
export function localDate(isoDate: string, locale: string): string {
  const [year, month, day] = isoDate.split('-').map(Number)
  const when = Date.UTC(year!, (month ?? 1) - 1, day ?? 1)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate) || Number.isNaN(when)) return isoDate
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(when)
}

/** A moment (an ISO timestamp) as a date and a time of day in the given zone, 24-hour so no AM/PM of another script: "5 December 2026 at 15:04". */
export function localDateTime(isoMoment: string, locale: string, timeZone: string): string {
  const when = Date.parse(isoMoment)
  if (Number.isNaN(when)) return isoMoment
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', hourCycle: 'h23', timeZone }).format(when)
}
