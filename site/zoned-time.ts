import siteSettingsSchema from '../schemas/defs/site-settings.schema.json' with { type: 'json' }

/**
 * Dates and times on the site's clock (site.timeZone), for the editor and the server alike: what a
 * person picks as a local date and time, as the instant it stands for, and back. Intl only, so the
 * browser and the server read one zone database.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^(\d{2}):(\d{2})$/

/** Whether `zone` is an IANA time zone this runtime knows (`Asia/Kolkata`, `UTC`). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length > 64) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** The local date (YYYY-MM-DD) and time (HH:MM) at `instant` in `zone`. */
export function localParts(instant: number, zone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  )
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` }
}

/**
 * The instant a local `date` and `time` stand for in `zone`; undefined when they are not a real
 * date and time there (31 February, 25:00, or a time skipped when the clocks go forward). A time
 * that happens twice (clocks going back) is the first of the two.
 */
export function instantOf(date: string, time: string, zone: string): number | undefined {
  const day = DATE.exec(date)
  const clock = TIME.exec(time)
  if (!day || !clock) return undefined
  const asUtc = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2]))
  // The zone's offset is at most a day; the right instant is one of the two offsets around the guess.
  const offsetAt = (instant: number) => {
    const { date: d, time: t } = localParts(instant, zone)
    return Date.parse(`${d}T${t}:00Z`) - Math.floor(instant / 60_000) * 60_000
  }
  const candidates = [asUtc - offsetAt(asUtc - 86_400_000), asUtc - offsetAt(asUtc), asUtc - offsetAt(asUtc + 86_400_000)].sort((a, b) => a - b)
  return candidates.find((instant) => {
    const back = localParts(instant, zone)
    return back.date === date && back.time === time
  })
}

/** An instant as the site's clock shows it, with the zone named: `2026-12-01 09:30 (Asia/Kolkata)`. */
export function zonedLabel(instant: number | string, zone: string): string {
  const { date, time } = localParts(typeof instant === 'string' ? Date.parse(instant) : instant, zone)
  return `${date} ${time} (${zone})`
}

/** The site's time zone as a config sets it (site.timeZone), else the schema's default. */
export function siteTimeZoneOf(config: unknown): string {
  const zone = (config as { site?: { timeZone?: unknown } } | null)?.site?.timeZone
  return typeof zone === 'string' ? zone : siteSettingsSchema.properties.timeZone.default
}
