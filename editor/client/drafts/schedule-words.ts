import type { DraftSchedule } from '../../../publish/draft-store'
import { zonedLabel } from '../../../site/zoned-time'

/** A draft's schedule in one line, on the site's clock: planned, published, or failed (the failure's own words are shown apart). */
export function scheduleInWords(schedule: DraftSchedule, timeZone: string): string {
  const at = zonedLabel(schedule.at, timeZone)
  if (!schedule.outcome) return `Publishes at ${at}, scheduled by ${schedule.by}`
  if (schedule.outcome.status === 'published') return `Published as scheduled at ${at} (version ${schedule.outcome.version})`
  return `The publish scheduled at ${at} failed`
}
