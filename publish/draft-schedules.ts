import type { Logger } from '../ground/log.ts'
import type { DraftMeta, DraftSchedule, DraftStore, ScheduleOutcome, TeamDraft } from './draft-store.ts'
import type { ScheduleClaims } from './schedule-claims.ts'

export interface DraftSchedulerOptions {
  store: DraftStore
  claims: ScheduleClaims
  /** Checks and publishes the draft as its schedule's publisher: the new version, or the words of why not. */
  publish(draft: TeamDraft, schedule: DraftSchedule): Promise<{ version: string } | { failure: string }>
  /**
   * The version published now, when it holds exactly the draft's config: a run that died after
   * publishing and before writing its outcome is recorded, not run again. Without it a second
   * run is still safe (a publish is made onto the draft's base only), but reads as a conflict.
   */
  publishedAlready?(draft: TeamDraft): Promise<string | undefined>
  /** After a run's outcome is on the draft: the audit line, and telling its author (awaited, so a run is done once they are). */
  onRan?(draft: DraftMeta, outcome: ScheduleOutcome): void | Promise<void>
  log: Logger
  now?: () => number
  /**
   * The longest the timer sleeps before it looks at the drafts again: a timer set days ahead may
   * drift with the machine's clock, and a schedule made on another instance is seen within this.
   */
  lookAgainMs?: number
  /** A claim this old with no outcome on the draft is a run whose process died: longer than any publish takes (a check and a content build). */
  staleClaimMs?: number
}

const LOOK_AGAIN_MS = 60_000
const STALE_CLAIM_MS = 15 * 60_000

const GAVE_UP_WORDS =
  'The server publishing this draft stopped twice before it could say whether the publish happened. Open Versions: if a version by the publisher who scheduled it appears at about its time, it was published; if not, publish the draft by hand or schedule it again.'

/** Pending: scheduled, and not run yet. */
const pendingAt = (draft: DraftMeta): number | undefined => (draft.schedule && !draft.schedule.outcome ? Date.parse(draft.schedule.at) : undefined)

/** The claim's key: a schedule moved to another time is another claim. */
const claimKey = (id: string, at: string) => `${id}@${at}`

/**
 * Runs the drafts' scheduled publishes in the server process: a timer for the next one due (never
 * a poll of the store every second), set again on start-up, after every change of a schedule here
 * and at least every `lookAgainMs`. A due schedule is claimed first (exactly one instance or
 * restart gets it), so one due while the server was down runs once at start-up; its outcome (the
 * version published, or why not) is written on the draft.
 *
 * A process that dies mid-run leaves a claim and no outcome. Once that claim is older than any
 * run takes, one instance claims a second run: it records the publish if the version published
 * now holds the draft (the first run got that far), and otherwise publishes it, late rather than
 * never (it can publish nothing twice: a publish is made onto the draft's base only). Should the
 * second run die too, the schedule is recorded as failed in words that say what to check.
 */
export function createDraftScheduler({
  store,
  claims,
  publish,
  publishedAlready,
  onRan,
  log,
  now = Date.now,
  lookAgainMs = LOOK_AGAIN_MS,
  staleClaimMs = STALE_CLAIM_MS,
}: DraftSchedulerOptions) {
  let timer: NodeJS.Timeout | undefined
  let closed = false
  let running: Promise<void> = Promise.resolve()

  /** Claimed by someone else long ago, and still no outcome: that run's process died. */
  const stale = async (key: string) => {
    const claimed = await claims.claimedAt(key)
    return claimed !== undefined && now() - claimed >= staleClaimMs
  }

  async function runOne(id: string, at: string): Promise<void> {
    const key = claimKey(id, at)
    if (await claims.claim(key, now())) return run(id, at, false)
    if (!(await stale(key))) return
    if (await claims.claim(`${key}#again`, now())) return run(id, at, true)
    if ((await stale(`${key}#again`)) && (await claims.claim(`${key}#gave-up`, now()))) {
      const draft = await store.get(id)
      if (draft?.schedule?.at === at && !draft.schedule.outcome) await record(draft, at, { failure: GAVE_UP_WORDS })
    }
  }

  async function run(id: string, at: string, again: boolean): Promise<void> {
    const draft = await store.get(id)
    // Cancelled, moved or deleted between the list and the claim: nothing to run.
    if (!draft?.schedule || draft.schedule.at !== at || draft.schedule.outcome) return
    const schedule = draft.schedule
    let result: { version: string } | { failure: string }
    try {
      const published = again ? await publishedAlready?.(draft) : undefined
      if (again) log.warn({ draft: id, at, published }, 'a scheduled publish was claimed long ago with no outcome (its process died?): running it again')
      result = published ? { version: published } : await publish(draft, schedule)
    } catch (error) {
      result = {
        failure: `The publish stopped with an error: ${error instanceof Error ? error.message : String(error)}. Nothing was published; schedule it again, or publish it by hand.`,
      }
    }
    await record(draft, at, result)
  }

  async function record(draft: TeamDraft, at: string, result: { version: string } | { failure: string }): Promise<void> {
    const id = draft.id
    const ranAt = new Date(now()).toISOString()
    const outcome: ScheduleOutcome = 'version' in result ? { status: 'published', version: result.version, ranAt } : { status: 'failed', words: result.failure, ranAt }
    const recorded = await store.update(id, (current) =>
      current.schedule?.at === at
        ? { ...current, ...(outcome.status === 'published' ? { base: outcome.version } : {}), schedule: { ...current.schedule, outcome }, revision: current.revision + 1 }
        : current,
    )
    log.info({ draft: id, at, outcome: outcome.status }, outcome.status === 'published' ? 'published a scheduled draft' : 'a scheduled publish failed')
    await Promise.resolve(onRan?.(recorded ?? draft, outcome)).catch((error: unknown) =>
      log.error({ draft: id, reason: String(error) }, 'could not tell of a scheduled publish’s outcome'),
    )
  }

  /** Runs every schedule due now, one after another, and sets the timer for the next. */
  async function runDue(): Promise<void> {
    let next = now() + lookAgainMs
    try {
      for (const draft of await store.list()) {
        const at = pendingAt(draft)
        if (at === undefined) continue
        if (at <= now())
          await runOne(draft.id, draft.schedule!.at).catch((error: unknown) =>
            log.error({ draft: draft.id, reason: String(error) }, 'could not run a scheduled publish; trying again later'),
          )
        else next = Math.min(next, at)
      }
    } catch (error) {
      log.error({ reason: String(error) }, 'could not read the scheduled publishes; looking again later')
    }
    arm(next)
  }

  function arm(at: number) {
    clearTimeout(timer)
    if (closed) return
    timer = setTimeout(() => void wake(), Math.max(0, Math.min(at - now(), lookAgainMs)))
    timer.unref()
  }

  /** Looks at the schedules now (after the one looking already, never two at once). */
  function wake(): Promise<void> {
    running = running.then(runDue)
    return running
  }

  return {
    /** At start-up: runs what fell due while the server was down, then waits for the next. */
    start: wake,
    /** A schedule was made, moved or cancelled here: looks again now. */
    changed: () => void wake(),
    /** Looks at the schedules now and resolves when every due one has run (the timer does this by itself; tests with a test clock call it). */
    runDue: wake,
    async close() {
      closed = true
      clearTimeout(timer)
      await running
      await claims.close()
    },
  }
}
