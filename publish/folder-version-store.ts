import { mkdirSync, watch } from 'node:fs'
import { readFile, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { ensureDirectory, isTemporaryName, listNames, syncDirectory, writeFileDurably } from '../ground/durable-files.ts'
import type { Logger } from '../ground/log.ts'
import { watchedCurrentVersion } from './current-watch.ts'
import { DEFAULT_LOCK_TIMING, LockLost, withLockFile, type LockTiming } from './folder-lock.ts'
import { folderPictures } from './folder-pictures.ts'
import { isVersionId, metaOf, nextVersionId, PublishConflict, type StoredVersion, type VersionMeta, type VersionStore } from './version-store.ts'

export interface FolderVersionStoreOptions {
  /** CONTENT_DIR: outside dist/, kept across deployments. */
  dir: string
  /** How many versions are kept (EDITOR_VERSIONS_KEPT); the current one always is. */
  keep: number
  log: Logger
  now?: () => number
  /** The publish lock's stale and wait times (a test makes them short). */
  lockTiming?: LockTiming
}

const CURRENT = 'current'
const CONFIG = 'site.config.json'
const META = 'meta.json'
/** A temporary version folder this old belongs to a publish that crashed. */
const ABANDONED_MS = 10 * 60_000

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'
const orNothing = <T>(read: Promise<T>): Promise<T | undefined> => read.catch((error: unknown) => (missing(error) ? undefined : Promise.reject(error)))

/**
 * The versions in a folder, for one machine (one server, and the versions command beside it):
 *   <dir>/versions/<id>/site.config.json   the text as published
 *   <dir>/versions/<id>/meta.json          who, when, on top of what, what changed
 *   <dir>/current                          the current id, replaced by rename (never half-written)
 *   <dir>/pictures/images/…                the editor's uploaded pictures
 * A publish checks the current id and replaces it under a lock file, so of two processes
 * publishing on the same base exactly one wins and the other gets PublishConflict.
 */
export function createFolderVersionStore({ dir, keep, log, now = Date.now, lockTiming = DEFAULT_LOCK_TIMING }: FolderVersionStoreOptions): VersionStore {
  const versionsDir = join(dir, 'versions')
  const readCurrentId = async () => (await orNothing(readFile(join(dir, CURRENT), 'utf8')))?.trim() || undefined
  const readMeta = async (id: string) => {
    const text = isVersionId(id) ? await orNothing(readFile(join(versionsDir, id, META), 'utf8')) : undefined
    return text === undefined ? undefined : (JSON.parse(text) as VersionMeta)
  }
  async function get(id: string): Promise<StoredVersion | undefined> {
    const meta = await readMeta(id)
    const configText = meta && (await orNothing(readFile(join(versionsDir, id, CONFIG), 'utf8')))
    return meta && configText !== undefined ? { meta, configText } : undefined
  }
  /** Published ids, newest first. An id after the current one is a publish that crashed before it became current. */
  async function publishedIds(currentId: string | undefined): Promise<string[]> {
    if (!currentId) return []
    const names = await listNames(versionsDir)
    return names.filter((name) => isVersionId(name) && name <= currentId).sort((a, b) => (a < b ? 1 : -1))
  }
  async function prune(currentId: string): Promise<void> {
    const published = await publishedIds(currentId)
    for (const id of published.slice(Math.max(1, keep))) await rm(join(versionsDir, id), { recursive: true, force: true })
    for (const name of await listNames(versionsDir)) {
      if (!isTemporaryName(name)) continue
      const info = await orNothing(stat(join(versionsDir, name)))
      if (info && now() - info.mtimeMs > ABANDONED_MS) await rm(join(versionsDir, name), { recursive: true, force: true })
    }
  }

  const { stopWatching, ...currentVersion } = watchedCurrentVersion({
    read: readCurrentId,
    get,
    // A hint only: a network folder may deliver no event, and the poll catches that.
    wakeOn: (wake) => {
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 })
        const folderWatch = watch(dir, { persistent: false }, (_event, name) => {
          if (name === null || name === CURRENT) wake()
        })
        folderWatch.on('error', () => folderWatch.close())
        return () => folderWatch.close()
      } catch {
        return () => undefined
      }
    },
    log,
  })

  return {
    ...currentVersion,
    async list() {
      const ids = (await publishedIds(await readCurrentId())).slice(0, Math.max(1, keep))
      const metas = await Promise.all(ids.map(readMeta))
      return metas.filter((meta) => meta !== undefined)
    },
    async publish(input) {
      const { base, configText } = input
      await ensureDirectory(versionsDir)
      return withLockFile(
        join(dir, '.publish.lock'),
        async (lock) => {
          const currentId = await readCurrentId()
          if (currentId !== (base ?? undefined)) throw new PublishConflict(base, currentId ? await readMeta(currentId) : undefined)
          const id = nextVersionId(now(), base)
          const meta = metaOf(input, id, new Date(now()).toISOString())
          // The version is complete in a temporary folder before it gets its name, and named before it becomes current.
          const temporary = join(versionsDir, `.${id}.${process.pid}.tmp`)
          try {
            await rm(temporary, { recursive: true, force: true })
            await ensureDirectory(temporary)
            await writeFileDurably(temporary, CONFIG, configText)
            await writeFileDurably(temporary, META, `${JSON.stringify(meta, null, 2)}\n`)
            await lock.assertHeld()
            // A folder of this id can only be left by a publish that crashed before making it current.
            await rm(join(versionsDir, id), { recursive: true, force: true })
            await rename(temporary, join(versionsDir, id))
            await syncDirectory(versionsDir)
          } catch (error) {
            // A full disk, say: no half-written version stays behind.
            await rm(temporary, { recursive: true, force: true }).catch(() => undefined)
            throw error
          }
          try {
            await lock.assertHeld()
            await writeFileDurably(dir, CURRENT, `${id}\n`)
          } catch (error) {
            // Never made current, so never published: removed, unless the lock was lost (the folder may then be the new holder's).
            const madeCurrent = (await readCurrentId().catch(() => id)) === id
            if (!madeCurrent && !(error instanceof LockLost)) await rm(join(versionsDir, id), { recursive: true, force: true }).catch(() => undefined)
            throw error
          }
          await prune(id).catch((error: unknown) => log.warn({ reason: String(error) }, 'could not remove old versions; they stay until the next publish'))
          return meta
        },
        lockTiming,
      )
    },
    ...folderPictures(join(dir, 'pictures')),
    close: stopWatching,
  }
}
