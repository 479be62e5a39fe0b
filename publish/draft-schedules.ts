import type { Logger } from '../ground/log.ts'
import type { DraftMeta, DraftSchedule, DraftStore, ScheduleOutcome, TeamDraft } from './draft-store.ts'
import type { ScheduleClaims } from './schedule-claims.ts'

export interface DraftSchedulerOptions {
  store: DraftStore
  claims: ScheduleClaims
  /** Checks and publishes the draft as its schedule's publisher: the new version, or the words of why not. */
  publish(draft: TeamDraft, schedule: DraftSchedule): Promise<{ version: string } | { failure: string }>
  /** After a run's outcome is on the draft: the audit line, and telling its author. */
  onRan?(draft: DraftMeta, outcome: ScheduleOutcome): void
  log: Logger
  now?: () => number
  /**
   * The longest the timer sleeps before it looks at the drafts again: a timer set days ahead may
   * drift with the machine's clock, and a schedule made on another instance is seen within this.
   */
  lookAgainMs?: number
}

const LOOK_AGAIN_MS = 60_000

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
 */
export function createDraftScheduler({ store, claims, publish, onRan, log, now = Date.now, lookAgainMs = LOOK_AGAIN_MS }: DraftSchedulerOptions) {
  let timer: NodeJS.Timeout | undefined
  let closed = false
  let running: Promise<void> = Promise.resolve()

  async function runOne(id: string, at: string): Promise<void> {
    if (!(await claims.claim(claimKey(id, at)))) return
    const draft = await store.get(id)
    // Cancelled, moved or deleted between the list and the claim: nothing to run.
    if (!draft?.schedule || draft.schedule.at !== at || draft.schedule.outcome) return
    const schedule = draft.schedule
    let result: { version: string } | { failure: string }
    try {
      result = await publish(draft, schedule)
    } catch (error) {
      result = {
        failure: `The publish stopped with an error: ${error instanceof Error ? error.message : String(error)}. Nothing was published; schedule it again, or publish it by hand.`,
      }
    }
    const ranAt = new Date(now()).toISOString()
    const outcome: ScheduleOutcome = 'version' in result ? { status: 'published', version: result.version, ranAt } : { status: 'failed', words: result.failure, ranAt }
    const recorded = await store.update(id, (current) =>
      current.schedule?.at === at
        ? { ...current, ...(outcome.status === 'published' ? { base: outcome.version } : {}), schedule: { ...current.schedule, outcome }, revision: current.revision + 1 }
        : current,
    )
    log.info({ draft: id, at, outcome: outcome.status }, outcome.status === 'published' ? 'published a scheduled draft' : 'a scheduled publish failed')
    onRan?.(recorded ?? draft, outcome)
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
