import { isOutOfSpace, pathExists } from '../ground/durable-files.ts'
import { DEPLOYED_VERSION } from '../site/version-changes.ts'
import { builtFolders, type BuiltFoldersOptions } from './built-folders.ts'
import { configOfText, describeChange, summarizeChange } from './change-summary.ts'
import { DiskFull } from './disk-full.ts'
import { restorePage, type RestoreTarget } from './page-restore.ts'
import { publishWatcher } from './publish-progress.ts'
import { todaysFormatReader, type MigrateText } from './todays-format.ts'
import { PublishConflict, type PublishEvent, type VersionMeta, type VersionStore } from './version-store.ts'

export interface PublisherOptions<Problem> extends BuiltFoldersOptions {
  store: VersionStore
  /** The checker on the text that would be published: any problem refuses the publish. */
  check: (configText: string) => Promise<Problem[]>
  /** Serve the built folder from now on (requests already running finish on the old one). */
  switchTo: (builtDir: string, meta: VersionMeta) => Promise<void>
  /** One audit line: who did what; never the config's text. */
  audit: (event: PublishEvent, author: string, details: Record<string, string>) => void
  /** The config the site was built from, which the first publish (on no version) is summarised against. */
  builtText?: string
  /** Where a stored version of an older config format is read as today's (todays-format.ts); here when not given. */
  migrate?: MigrateText
}

export type PublishOutcome<Problem> = { status: 'published'; meta: VersionMeta } | { status: 'refused'; problems: Problem[] }

/** Rollback of an id the store does not keep (never published, or past the kept number). */
export class VersionNotFound extends Error {
  constructor(id: string) {
    super(`There is no version ${id} (only the last versions are kept; \`npm run site:versions -- list\` shows them).`)
    this.name = 'VersionNotFound'
  }
}

/** The audit line's words of a page restore: which page, from which version. */
const restoredDetails = ({ restoredPage }: VersionMeta): Record<string, string> => (restoredPage ? { page: restoredPage.path, restoredFrom: restoredPage.from } : {})

/** A build that failed is tried again after this, doubling up to RETRY_MAX_MS: a passing fault heals, a lasting one is not retried in a loop. */
const RETRY_FIRST_MS = 5000
const RETRY_MAX_MS = 5 * 60_000

/**
 * Publishing on one instance, and following what others publish: check → build → store → switch.
 * Everything that switches the served site (this instance's publish, and following the store's
 * current version) runs one at a time, in order, so two builds never race to be served; a change
 * announced while a build runs is looked at once after it, at whatever is current then.
 */
export function createPublisher<Problem>({ store, check, build, switchTo, audit, log, workDir, builtText, builtKept, migrate }: PublisherOptions<Problem>) {
  const built = builtFolders({ build, log, workDir, builtKept })
  const inTodaysFormat = todaysFormatReader(log, migrate)
  let serving: string | undefined
  /** The version served before the last switch: requests begun on it may still be reading its folder. */
  let servedBefore: string | undefined
  let queue: Promise<unknown> = Promise.resolve()
  const oneAtATime = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job)
    queue = run.catch(() => undefined)
    return run
  }

  async function serve(dir: string, meta: VersionMeta): Promise<void> {
    await switchTo(dir, meta)
    servedBefore = serving
    serving = meta.id
    const prune = async () => built.prune([serving, servedBefore], new Set((await store.list()).map((kept) => kept.id)))
    await prune().catch((error: unknown) => log.warn({ reason: String(error) }, 'could not remove old built versions'))
  }

  /** A publish that failed for lack of space, before anything was changed: the editor is told so (507), the operator why. */
  const refuseWhenDiskFull = (event: PublishEvent) => (error: unknown) => {
    if (!isOutOfSpace(error)) throw error
    log.error({ reason: String(error), event }, 'refused a publish: the disk is full; nothing was changed')
    throw new DiskFull(event)
  }

  async function publishText(
    event: PublishEvent,
    input: { base: string | null; configText: string; author: string; rollbackOf?: string; restoredPage?: VersionMeta['restoredPage']; checked?: boolean },
  ): Promise<PublishOutcome<Problem>> {
    // `checked`: the caller ran the same check on this very text a moment ago (the editor's
    // document does, to show the problems on their fields); a second run would only add its time.
    // A text of an older format (a version rolled back to) is checked, built and stored as today's.
    const configText = await inTodaysFormat(input.configText, input.rollbackOf ? { version: input.rollbackOf } : { author: input.author })
    const problems = input.checked ? [] : await check(configText)
    if (problems.length > 0) return { status: 'refused', problems }
    const before = input.base === null ? undefined : await store.get(input.base)
    const after = configOfText(configText)
    if (!after) throw new Error('The config passed the check but does not read as JSON.')
    // Against the version before as read today: what the editor changed, not what the format did.
    const beforeText = input.base === null ? builtText : before && (await inTodaysFormat(before.configText, { version: before.meta.id }))
    const summary = summarizeChange(configOfText(beforeText), after)
    // Onto the version served here: the pages this text leaves as they are keep their files.
    const temporary = await built.build(configText, input.rollbackOf, serving).catch(refuseWhenDiskFull(event))
    const watcher = publishWatcher()
    return oneAtATime(async () => {
      watcher({ step: 'switching' })
      let meta: VersionMeta
      try {
        meta = await store.publish({ ...input, configText, summary })
      } catch (error) {
        // Refused (someone published first), the store is down or its disk full: nothing of this publish is left.
        await built.discard(temporary)
        return refuseWhenDiskFull(event)(error)
      }
      await built.name(temporary, meta.id)
      const change = describeChange(summary)
      audit(event, input.author, { version: meta.id, base: input.base ?? '', change, ...(input.rollbackOf ? { rollbackOf: input.rollbackOf } : {}), ...restoredDetails(meta) })
      log.info({ version: meta.id, base: input.base, author: input.author, change }, event === 'rollback' ? 'rolled back: published an earlier version again' : 'published')
      await serve(built.dirOf(meta.id), meta)
      return { status: 'published', meta }
    })
  }

  /** Makes sure the store's current version is built here and served. */
  async function catchUp(): Promise<void> {
    const current = await store.current()
    if (!current || current.meta.id === serving) return
    const dir = built.dirOf(current.meta.id)
    if (!(await pathExists(dir))) {
      log.info({ version: current.meta.id }, 'building the version published elsewhere')
      await built.name(await built.build(await inTodaysFormat(current.configText, { version: current.meta.id }), current.meta.rollbackOf, serving), current.meta.id)
    }
    await serve(dir, current.meta)
    log.info({ version: current.meta.id }, 'serving the current version')
  }

  let catchUpQueued: Promise<void> | undefined
  let retryMs = RETRY_FIRST_MS
  let retry: NodeJS.Timeout | undefined
  let unsubscribe: (() => void) | undefined
  /** At most one catch-up waits behind the one running: a newer change replaces an older one still waiting. */
  function requestCatchUp(): Promise<void> {
    catchUpQueued ??= oneAtATime(async () => {
      catchUpQueued = undefined
      try {
        await catchUp()
        retryMs = RETRY_FIRST_MS
      } catch (error) {
        log.error({ reason: String(error), retryInMs: retryMs }, 'could not switch to the current version; still serving the one before')
        clearTimeout(retry)
        retry = setTimeout(() => void requestCatchUp().catch(() => undefined), retryMs)
        retry.unref()
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS)
        throw error
      }
    })
    return catchUpQueued
  }

  /** A version's text by id; the site as deployed is the build's config, which no store keeps (DEPLOYED_VERSION says why). */
  const textOf = async (id: string) => (id === DEPLOYED_VERSION && builtText !== undefined ? { configText: builtText } : store.get(id))

  return {
    publish: (input: { base: string | null; configText: string; author: string; checked?: boolean }) => publishText('publish', input),

    /** Publishes version `id`'s text again, as a new version on top of the current one (history stays a line). */
    async rollback(id: string, author: string): Promise<PublishOutcome<Problem>> {
      const [target, current] = await Promise.all([textOf(id), store.current()])
      if (!target) throw new VersionNotFound(id)
      return publishText('rollback', { base: current?.meta.id ?? null, configText: target.configText, author, rollbackOf: id })
    },

    /**
     * Publishes one page as it is in version `id` (or the site as deployed) on top of `base`, which
     * must still be current (else PublishConflict): every other page and setting stays as it is now
     * (restorePage). Checked as any publish; throws PageNotFound or NothingToRestore.
     */
    async restorePage({ id, base, author, ...which }: RestoreTarget & { id: string; base: string | null; author: string }): Promise<PublishOutcome<Problem>> {
      const [version, current] = await Promise.all([textOf(id), store.current()])
      if (!version) throw new VersionNotFound(id)
      if ((current?.meta.id ?? null) !== base) throw new PublishConflict(base, current?.meta)
      const from = configOfText(await inTodaysFormat(version.configText, { version: id }))
      const currentText = current ? await inTodaysFormat(current.configText, { version: current.meta.id }) : builtText
      if (!from || currentText === undefined) throw new Error(`Version ${id} or the current one does not read as a config.`)
      const restored = restorePage(currentText, from, which)
      return publishText('restore-page', { base, configText: restored.text, author, restoredPage: { path: restored.path, from: id } })
    },

    /**
     * Serves the current version (building it when this instance has not yet), then keeps following
     * the store: a version published elsewhere, or rolled back by the command, is built and served
     * here too. Resolves when the first catch-up is done; rejects when it failed (it is retried).
     */
    async follow(): Promise<void> {
      await built.ready
      unsubscribe ??= store.onCurrentChange(() => void requestCatchUp().catch(() => undefined))
      await requestCatchUp()
    },

    /** A stored version's text as the editor edits it: in today's format (todays-format.ts). */
    textInTodaysFormat: (text: string, version: string) => inTodaysFormat(text, { version }),

    /** The id of the version this instance serves. */
    serving: () => serving,

    /** Stops following; a build in progress finishes first. */
    async close(): Promise<void> {
      unsubscribe?.()
      clearTimeout(retry)
      await queue
    },
  }
}
