import { readFile, rename, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { OutboxMessage } from '../queue/outbox-message.ts'
import type { EnqueueResult } from '../queue/submission-queue.ts'
import { createAttachmentFolder } from './attachments.ts'
import {
  emptyFileDurably,
  ensureDirectory,
  isTemporaryName,
  listNames,
  pathExists,
  pruneOldFiles,
  removeDurably,
  syncDirectory,
  writeFileDurably,
} from '../../ground/durable-files.ts'
import { isSafeMessageId, messageFileContent, parseMessageFile, type DeadLetterReason, type RetrySchedule } from './message-file.ts'

/**
 * The durable outbox. Layout under the root directory:
 *   pending/<id>.json            accepted, not yet delivered (mtime = received at)
 *   sent/<id>.json               the mail server took it: the pending file itself, renamed here and
 *                                then emptied (no visitor data; mtime = delivered at)
 *   retry/<id>.json              attempts so far and when to try next (no visitor data)
 *   dead-letter/<id>.json        given up on, with <id>.reason.json beside it (its mtime: when it died)
 *   attachments/<id>             the résumé of a pending or dead message (attachments.ts)
 * A message moves between these only by atomic, fsync'd renames and writes. Recording a delivery
 * is a rename and a truncation: it needs no free space, so a full disk cannot stop it.
 */
export type Outbox = ReturnType<typeof createOutbox>

export interface OutboxStats {
  depth: number
  oldestAgeSeconds: number | null
  deadLetters: number
}

const REASON_SUFFIX = '.reason.json'
/** A retry schedule without its message this old is left over (a crash, or a removal that failed). */
const ORPHANED_SCHEDULE_MS = 10 * 60_000

export function createOutbox(rootDir: string, now: () => number = Date.now) {
  const pendingDir = join(rootDir, 'pending')
  const sentDir = join(rootDir, 'sent')
  const deadLetterDir = join(rootDir, 'dead-letter')
  const retryDir = join(rootDir, 'retry')
  const attachments = createAttachmentFolder(join(rootDir, 'attachments'), now)
  const safeId = (id: string) => {
    if (!isSafeMessageId(id)) throw new Error(`Unsafe outbox message id "${id}"`)
    return id
  }
  const fileOf = (dir: string, id: string) => join(dir, `${safeId(id)}.json`)

  let directoriesReady: Promise<void> | undefined
  const ensureDirectories = () => {
    directoriesReady ??= Promise.all([pendingDir, sentDir, deadLetterDir, retryDir, attachments.dir].map(ensureDirectory)).then(
      () => undefined,
      (error: unknown) => {
        directoriesReady = undefined // let the next request try again, e.g. after a disk was remounted
        throw error
      },
    )
    return directoriesReady
  }

  async function pendingIdsWithTimes(): Promise<Array<{ id: string; receivedAtMs: number; bytes: number }>> {
    const entries = []
    for (const name of await listNames(pendingDir)) {
      if (isTemporaryName(name) || !name.endsWith('.json')) continue
      const info = await stat(join(pendingDir, name)).catch(() => undefined)
      if (!info) continue
      const id = name.slice(0, -'.json'.length)
      const attachment = isSafeMessageId(id) ? await stat(attachments.pathOf(id)).catch(() => undefined) : undefined
      entries.push({ id, receivedAtMs: info.mtimeMs, bytes: info.size + (attachment?.size ?? 0) })
    }
    return entries.sort((a, b) => a.receivedAtMs - b.receivedAtMs || a.id.localeCompare(b.id))
  }

  /**
   * Moves a pending message into `dir` (sent/ or dead-letter/) by a rename, durably: no new space
   * needed. Repeating it after a success is fine: a move whose rename was done by an earlier call
   * that failed after it (its directory fsync) is finished.
   */
  async function movePending(id: string, dir: string): Promise<void> {
    try {
      await rename(fileOf(pendingDir, id), fileOf(dir, id))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !(await pathExists(fileOf(dir, id)))) throw error
    }
    await syncDirectory(dir)
    await syncDirectory(pendingDir)
  }

  /** Empty every sent record that still holds its message (a crash between the commit and the truncation). */
  async function emptySentRecords(): Promise<void> {
    for (const name of await listNames(sentDir)) {
      if (isTemporaryName(name) || !name.endsWith('.json')) continue
      const path = join(sentDir, name)
      const info = await stat(path).catch(() => undefined)
      if (info?.isFile() && info.size > 0) await emptyFileDurably(path, info.mtime)
    }
  }

  return {
    rootDir,
    pendingDir,
    /** Where uploads are written while they are read, so that enqueue takes one over by a rename. */
    uploadsDir: attachments.dir,

    /** Make the folders (the worker watches `pendingDir`). */
    prepare: ensureDirectories,

    /**
     * Durably store a message. The id is derived from the Idempotency-Key when there is one, so
     * a retry after a crash between "stored" and "answer remembered" finds its own message here
     * instead of queuing a second copy. A résumé in a file (its upload's) is moved beside the record
     * first, so a record on disk always has its attachment; one found already queued leaves the file where it is.
     */
    async enqueue(message: OutboxMessage): Promise<EnqueueResult> {
      await ensureDirectories()
      // Pending first: a delivery moves the file from pending to sent, so looking in that order
      // cannot miss a message that is being delivered meanwhile.
      if (await pathExists(fileOf(pendingDir, message.id))) return 'already-queued'
      if (await pathExists(fileOf(sentDir, message.id))) return 'already-sent'
      const attached = message.resume?.path !== undefined && (await attachments.adopt(message.resume.path, safeId(message.id)))
      try {
        await writeFileDurably(pendingDir, `${message.id}.json`, messageFileContent(message), new Date(Date.parse(message.receivedAt)))
      } catch (error) {
        if (attached) await attachments.remove(message.id).catch(() => undefined) // else the prune takes it
        throw error
      }
      return 'queued'
    },

    /** Pending messages, oldest first, each with its size on disk (its record and its résumé). */
    listPending: pendingIdsWithTimes,

    /** A pending message, its résumé's path filled in when the résumé is a file beside it. */
    async read(id: string): Promise<OutboxMessage> {
      const message = parseMessageFile(await readFile(fileOf(pendingDir, id)))
      if (!message.resume || message.resume.contentBase64 !== undefined) return message
      // Not ENOENT: the worker reads that as "no such message" and would leave the record pending for ever.
      if (!(await attachments.exists(id))) throw new Error(`its résumé (${attachments.pathOf(id)}) is missing`)
      return { ...message, resume: { ...message.resume, path: attachments.pathOf(id) } }
    },

    /**
     * The commit point of a delivery: the pending file is renamed into sent/ (no new space
     * needed); after this the message is never sent again. Repeating it after a success is fine.
     */
    markSent: (id: string) => movePending(id, sentDir),

    /** After the commit: the sent record keeps the id and the delivery time (its mtime), not the visitor's data, nor its résumé. */
    async emptySentRecord(id: string): Promise<void> {
      await emptyFileDurably(fileOf(sentDir, id), new Date(now()))
      await attachments.remove(safeId(id))
    },

    /** Recovery: empty the sent records a crash left full. */
    emptySentRecords,

    isSent: (id: string) => pathExists(fileOf(sentDir, id)),

    /** Forget a pending message that is also recorded as sent (a crash in the outbox of an earlier version). */
    async removePending(id: string): Promise<void> {
      await removeDurably(fileOf(pendingDir, id), pendingDir)
      await removeDurably(fileOf(retryDir, id), retryDir)
      await attachments.remove(id)
    },

    /** Take back a message that nobody has started to deliver (its visitor is answered an error). */
    async withdraw(id: string): Promise<void> {
      await removeDurably(fileOf(pendingDir, id), pendingDir)
      await attachments.remove(id)
    },

    forgetRetry: (id: string) => removeDurably(fileOf(retryDir, id), retryDir),

    async readRetry(id: string): Promise<RetrySchedule | undefined> {
      try {
        return JSON.parse(await readFile(fileOf(retryDir, id), 'utf8')) as RetrySchedule
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return undefined
        throw error
      }
    },

    async writeRetry(id: string, schedule: RetrySchedule): Promise<void> {
      await ensureDirectories()
      await writeFileDurably(retryDir, `${id}.json`, JSON.stringify(schedule))
    },

    /** Given-up messages, oldest death first, with why. */
    async listDeadLetters(): Promise<Array<{ id: string; form: string; why: DeadLetterReason | undefined }>> {
      const ids = (await listNames(deadLetterDir))
        .filter((name) => name.endsWith('.json') && !name.endsWith(REASON_SUFFIX) && !isTemporaryName(name))
        .map((name) => name.slice(0, -'.json'.length))
      const letters = await Promise.all(
        ids.map(async (id) => {
          const why = await readFile(join(deadLetterDir, `${id}${REASON_SUFFIX}`), 'utf8').then(
            (text) => JSON.parse(text) as DeadLetterReason,
            () => undefined,
          )
          return { id, form: id.split('-')[0] ?? '', why }
        }),
      )
      return letters.sort((a, b) => (a.why?.failedAt ?? '').localeCompare(b.why?.failedAt ?? ''))
    },

    /** An operator's "try again": back to pending with a fresh schedule; false when there is no such letter. */
    async requeueDeadLetter(id: string): Promise<boolean> {
      if (!(await pathExists(fileOf(deadLetterDir, id)))) return false
      await ensureDirectories()
      // A fresh start: tried at once, and given its full MAIL_MAX_AGE_MS again from now.
      const restart = new Date(now()).toISOString()
      await writeFileDurably(retryDir, `${id}.json`, JSON.stringify({ attempts: 0, nextAttemptAt: restart, lastError: '', ageFrom: restart }))
      await rename(fileOf(deadLetterDir, id), fileOf(pendingDir, id))
      await syncDirectory(pendingDir)
      await removeDurably(join(deadLetterDir, `${id}${REASON_SUFFIX}`), deadLetterDir)
      return true
    },

    /** An operator's "give up for good": the letter and its reason are deleted; false when there is none. */
    async deleteDeadLetter(id: string): Promise<boolean> {
      if (!(await pathExists(fileOf(deadLetterDir, id)))) return false
      await removeDurably(fileOf(deadLetterDir, id), deadLetterDir)
      await removeDurably(join(deadLetterDir, `${id}${REASON_SUFFIX}`), deadLetterDir)
      await attachments.remove(id)
      return true
    },

    async moveToDeadLetter(id: string, why: DeadLetterReason): Promise<void> {
      await ensureDirectories()
      // Reason first: a crash before the rename leaves the message pending, to be tried again.
      await writeFileDurably(deadLetterDir, `${id}${REASON_SUFFIX}`, JSON.stringify(why, null, 2))
      await movePending(id, deadLetterDir)
      await removeDurably(fileOf(retryDir, id), retryDir)
    },

    async stats(): Promise<OutboxStats> {
      const pending = await pendingIdsWithTimes()
      const oldest = pending[0]
      const deadLetters = (await listNames(deadLetterDir)).filter((name) => name.endsWith('.json') && !name.endsWith(REASON_SUFFIX) && !isTemporaryName(name)).length
      return {
        depth: pending.length,
        oldestAgeSeconds: oldest ? Math.max(0, Math.floor((now() - oldest.receivedAtMs) / 1000)) : null,
        deadLetters,
      }
    },

    /**
     * Empty sent records a crash left full, drop old sent records, schedules left without a message, dead letters `deadLetterMaxAgeMs` after they died (personal data: not
     * kept for ever), résumés whose message is gone, and temporary files of crashed writes and
     * uploads. Pending mail is never pruned: it becomes a dead letter at MAIL_MAX_AGE_MS first.
     */
    async prune(receiptMaxAgeMs: number, deadLetterMaxAgeMs: number): Promise<void> {
      await emptySentRecords()
      await pruneOldFiles(sentDir, receiptMaxAgeMs, now())
      await pruneOldFiles(pendingDir, Number.POSITIVE_INFINITY, now())
      await pruneOldFiles(retryDir, Number.POSITIVE_INFINITY, now())
      for (const name of await listNames(retryDir)) {
        if (isTemporaryName(name) || !name.endsWith('.json') || (await pathExists(join(pendingDir, name)))) continue
        const info = await stat(join(retryDir, name)).catch(() => undefined)
        if (info && now() - info.mtimeMs > ORPHANED_SCHEDULE_MS) await removeDurably(join(retryDir, name), retryDir)
      }
      for (const { id } of await this.listDeadLetters()) {
        const died = await stat(join(deadLetterDir, `${id}${REASON_SUFFIX}`)).catch(() => undefined)
        if (died && now() - died.mtimeMs > deadLetterMaxAgeMs) await this.deleteDeadLetter(id)
      }
      await pruneOldFiles(deadLetterDir, Number.POSITIVE_INFINITY, now())
      await attachments.prune(async (id) => isSafeMessageId(id) && ((await pathExists(fileOf(pendingDir, id))) || (await pathExists(fileOf(deadLetterDir, id)))))
    },
  }
}
