import type { ValidateOptions } from '../../authoring/check/index.ts'
import type { Migration } from '../../publish/todays-format.ts'
import type { CheckedDraft } from './editor-document.ts'
import { JobNotDone, timedWorker } from './timed-worker.ts'

export type CheckJob =
  | { kind: 'draft'; baseText: string; config: unknown; label: string; options: ValidateOptions }
  | { kind: 'text'; text: string; label: string; options: ValidateOptions }
  | { kind: 'migrate'; text: string; label: string }

/** The site's config checks in well under a second; ten is a draft far larger or more broken than any site, or a checker gone wrong. */
const CHECK_TIME_LIMIT_MS = 10_000
/** Checks waiting behind the running one: a few editors saving at once, not one editor's flood. */
const WAITING_LIMIT = 8
/** The thread's heap: the schemas and a draft at the editor's body limit need a small part of it. */
const MAX_HEAP_MB = 512

/** The thread's file beside this one: the TypeScript source (dev server, tests) or its compiled copy in build/server/. */
const workerFile = new URL(import.meta.url.endsWith('.ts') ? './check-worker.ts' : './check-worker.js', import.meta.url)
const thread = timedWorker<CheckJob, unknown>(workerFile, { timeLimitMs: CHECK_TIME_LIMIT_MS, waitingLimit: WAITING_LIMIT, maxHeapMb: MAX_HEAP_MB })

/** A check the checker's thread did not do, with the editor's answer (json-answer.ts answers it as it is): the draft's fault (422), or the server busy (503). */
class CheckNotDone extends Error {
  readonly status: 422 | 503
  readonly expose = true
  constructor(reason: JobNotDone['reason']) {
    const unchanged = 'Nothing was saved or published.'
    const words = {
      time: `This draft took longer than ${CHECK_TIME_LIMIT_MS / 1000} seconds to check, so the check was stopped. A site's config checks in well under a second: this one is far larger or more broken than a site needs. Undo the last large change (a pasted block of JSON?) and try again. ${unchanged}`,
      memory: `Checking this draft needed more memory than the checker may use, so the check was stopped. Undo the last large change (a pasted block of JSON?) and try again. ${unchanged}`,
      busy: `The checker is busy with other editors' drafts right now. Try again in a few seconds. ${unchanged}`,
    }
    super(words[reason])
    this.status = reason === 'busy' ? 503 : 422
  }
}

async function run<Output>(job: CheckJob): Promise<Output> {
  try {
    return (await thread.run(job)) as Output
  } catch (error) {
    if (error instanceof JobNotDone) throw new CheckNotDone(error.reason)
    throw error
  }
}

/**
 * The editor's check of a draft (checkedText: the draft written onto the base text, then checked),
 * in the checker's thread: the server's event loop belongs to visitors, and a check's cost grows
 * with the draft. One thread for the process, checks in the order they came, each within the time
 * limit. Rejects with CheckNotDone when the check ran too long or too many wait.
 */
export const checkDraftInThread = (baseText: string, config: unknown, label: string, options: ValidateOptions): Promise<CheckedDraft> =>
  run({ kind: 'draft', baseText, config, label, options })

/** The checker on a whole text (a rollback's), in the same thread: its first problems, formatted as `npm run validate` prints them. */
export const checkTextInThread = (text: string, label: string, options: ValidateOptions): Promise<string[]> => run({ kind: 'text', text, label, options })

/**
 * A stored version of an older config format read as today's (publish/todays-format.ts), in the same
 * thread: a large config's migration takes a few hundred ms, and it runs when the server starts on
 * such a version, a rollback or a restore reaches one, or the editor opens one.
 */
export const migrateInThread = (text: string, label: string): Promise<Migration> => run({ kind: 'migrate', text, label })
