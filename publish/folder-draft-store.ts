import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ensureDirectory, isOutOfSpace, listNames, removeDurably, writeFileDurably } from '../ground/durable-files.ts'
import { DraftDiskFull } from './disk-full.ts'
import { DraftLimitReached, isDraftId, metaOf, newestFirst, type DraftStore, type TeamDraft } from './draft-store.ts'
import { DEFAULT_LOCK_TIMING, withLockFile, type LockTiming } from './folder-lock.ts'

export interface FolderDraftStoreOptions {
  /** CONTENT_DIR/drafts: outside dist/, kept across deployments. */
  dir: string
  lockTiming?: LockTiming
}

const SUFFIX = '.json'
const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * The drafts in a folder, for one machine: `<dir>/<id>.json` each, written whole to a temporary
 * file, synced and renamed over the old one (never half-written). Every change reads, changes and
 * writes under one lock file, so two saves of one draft (or two processes) never interleave and
 * the number of drafts is counted as it is.
 */
export function createFolderDraftStore({ dir, lockTiming = DEFAULT_LOCK_TIMING }: FolderDraftStoreOptions): DraftStore {
  // Made when the server starts: a first draft on a disk that has since filled changes nothing at all.
  mkdirSync(dir, { recursive: true })
  const fileOf = (id: string) => join(dir, `${id}${SUFFIX}`)
  // A full disk is the editor's to hear of in words (507), not the server's own error.
  const locked = async <T>(work: () => Promise<T>) => {
    try {
      await ensureDirectory(dir)
      return await withLockFile(join(dir, '.drafts.lock'), work, lockTiming)
    } catch (error) {
      throw isOutOfSpace(error) ? new DraftDiskFull() : error
    }
  }
  async function get(id: string): Promise<TeamDraft | undefined> {
    if (!isDraftId(id)) return undefined
    try {
      return JSON.parse(await readFile(fileOf(id), 'utf8')) as TeamDraft
    } catch (error) {
      if (missing(error)) return undefined
      throw error
    }
  }
  const ids = async () => (await listNames(dir)).filter((name) => name.endsWith(SUFFIX) && isDraftId(name.slice(0, -SUFFIX.length))).map((name) => name.slice(0, -SUFFIX.length))
  const write = (draft: TeamDraft) => writeFileDurably(dir, `${draft.id}${SUFFIX}`, JSON.stringify(draft))

  return {
    async list() {
      const drafts = await Promise.all((await ids()).map(get))
      return drafts
        .filter((draft) => draft !== undefined)
        .map(metaOf)
        .sort(newestFirst)
    },
    get,
    create: (draft, max) =>
      locked(async () => {
        if ((await ids()).length >= max) throw new DraftLimitReached(max)
        await write(draft)
      }),
    update: (id, change) =>
      locked(async () => {
        const draft = await get(id)
        if (!draft) return undefined
        const changed = change(draft)
        await write(changed)
        return changed
      }),
    remove: (id) =>
      locked(async () => {
        if (!(await get(id))) return false
        await removeDurably(fileOf(id), dir)
        return true
      }),
    close: async () => undefined,
  }
}
