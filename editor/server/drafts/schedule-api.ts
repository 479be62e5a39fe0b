import type Koa from 'koa'
import { isDraftId, metaOf, type DraftStore } from '../../../publish/draft-store.ts'
import { instantOf, isTimeZone, siteTimeZoneOf, zonedLabel } from '../../../site/zoned-time.ts'
import { knownAnswer } from '../editor-api.ts'
import type { EditorDocument } from '../editor-document.ts'
import { EDITOR_API } from '../editor-paths.ts'
import { answer } from '../json-answer.ts'
import { readJsonBody } from '../json-body.ts'
import { allowRole } from '../role-check.ts'

const ROUTE = new RegExp(`^${EDITOR_API}drafts/([^/]+)/(schedule|unschedule)$`)
/** A schedule lies at most this far ahead: further is more likely a mistyped year than a plan. */
const MOST_AHEAD_MS = 365 * 24 * 60 * 60_000

/** The schedule events the audit log keeps, beside the drafts'. */
export type ScheduleEvent = 'publish-schedule' | 'publish-unschedule'

export interface ScheduleApiOptions {
  store: DraftStore
  /** The published document: the site's time zone, and the check a schedule must pass when it is made. */
  document: EditorDocument
  /** Told after every change of a schedule, so the timer is set for the next one due. */
  onChange(): void
  authorOf(ctx: Koa.Context): string
  audit(ctx: Koa.Context, event: ScheduleEvent, details: Record<string, string>): void
  now?: () => number
}

/**
 * Scheduled publishing of the team's drafts (publishers only):
 *   POST drafts/<id>/schedule   { date: "YYYY-MM-DD", time: "HH:MM", timeZone? } → { draft: DraftMeta }:
 *        at that date and time in the site's time zone (the editor sends the zone it showed, so a
 *        zone changed meanwhile is refused, never read as another time); not in the past nor more
 *        than a year ahead; the draft must be on the current version and pass the check now (it
 *        is checked again when it runs)
 *   POST drafts/<id>/unschedule → { draft: DraftMeta }
 * The run itself is publish/draft-schedules.ts's.
 */
export function scheduleApi({ store, document, onChange, authorOf, audit, now = Date.now }: ScheduleApiOptions): Koa.Middleware {
  const notFound = (ctx: Koa.Context) =>
    answer(ctx, 404, { message: 'There is no such draft: it was published or deleted meanwhile. Open the list of drafts to go on from another.' })

  async function schedule(ctx: Koa.Context, id: string) {
    const body = await readJsonBody(ctx)
    const draft = await store.get(id)
    if (!draft) return notFound(ctx)
    const current = await document.load()
    const zone = siteTimeZoneOf(current.config)
    if (body.timeZone !== undefined && body.timeZone !== zone)
      return answer(ctx, 400, {
        message: `The site's time zone is ${zone}${isTimeZone(body.timeZone) ? `, not ${String(body.timeZone)}` : ''}: reload the editor and pick the time again on the site's clock. Nothing was scheduled.`,
      })
    const at = typeof body.date === 'string' && typeof body.time === 'string' ? instantOf(body.date, body.time, zone) : undefined
    if (at === undefined)
      return answer(ctx, 400, {
        message: `Give the date as YYYY-MM-DD and the time as HH:MM (24-hour), a moment that exists in ${zone} (not one skipped when the clocks go forward). Nothing was scheduled.`,
      })
    if (at <= now()) return answer(ctx, 400, { message: `${zonedLabel(at, zone)} has passed already: pick a later time, or publish the draft now. Nothing was scheduled.` })
    if (at > now() + MOST_AHEAD_MS) return answer(ctx, 400, { message: `${zonedLabel(at, zone)} is more than a year ahead: pick a time within a year. Nothing was scheduled.` })
    if (draft.base !== current.version)
      return answer(ctx, 409, {
        message: `This draft was started on version ${draft.base}; version ${current.version} has been published since, so publishing it would undo that. Bring the draft up to date first (its changes are moved onto the current version), then schedule it. Nothing was scheduled.`,
      })
    const checked = await document.check(draft.base, draft.config)
    if (checked.problemCount > 0)
      return answer(ctx, 422, {
        message: `Not scheduled: the draft has ${checked.problemCount === 1 ? 'a problem' : `${checked.problemCount} problems`} the publish would be refused for. Fix them, then schedule it again.`,
        problems: checked.problems,
        problemCount: checked.problemCount,
      })
    const by = authorOf(ctx)
    const when = new Date(at).toISOString()
    const scheduled = await store.update(id, (latest) => ({ ...latest, schedule: { at: when, by, scheduledAt: new Date(now()).toISOString() }, revision: latest.revision + 1 }))
    if (!scheduled) return notFound(ctx)
    audit(ctx, 'publish-schedule', { draft: id, name: draft.name, at: when, local: zonedLabel(at, zone) })
    onChange()
    answer(ctx, 200, { draft: metaOf(scheduled) })
  }

  async function unschedule(ctx: Koa.Context, id: string) {
    let had = false
    const changed = await store.update(id, (latest) => {
      had = Boolean(latest.schedule && !latest.schedule.outcome)
      const { schedule: _schedule, ...rest } = latest
      return { ...rest, revision: latest.revision + 1 }
    })
    if (!changed) return notFound(ctx)
    if (had) audit(ctx, 'publish-unschedule', { draft: id, name: changed.name })
    onChange()
    answer(ctx, 200, { draft: metaOf(changed) })
  }

  return async (ctx, next) => {
    const [, id, action] = ROUTE.exec(ctx.path) ?? []
    if (!action) return next()
    ctx.set('Cache-Control', 'no-store')
    if (!isDraftId(id)) return answer(ctx, 404, { message: 'There is no such draft.' })
    if (ctx.method !== 'POST') return answer(ctx, 405, { message: 'This address takes POST only.' })
    if (!allowRole(ctx, 'publisher', action === 'schedule' ? 'schedule a publish' : 'cancel a scheduled publish')) return
    try {
      await (action === 'schedule' ? schedule(ctx, id) : unschedule(ctx, id))
    } catch (error) {
      const known = knownAnswer(error)
      if (!known) throw error
      answer(ctx, known.status, known.body)
    }
  }
}
