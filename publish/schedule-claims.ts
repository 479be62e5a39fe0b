import { randomBytes } from 'node:crypto'
import { link, open, readFile, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { ensureDirectory, pruneOldFiles, syncDirectory } from '../ground/durable-files.ts'
import type { Logger } from '../ground/log.ts'
import type { RedisAccess } from './redis-version-store.ts'

/**
 * Who runs a due scheduled publish: of every instance (and every restart) that asks for one
 * schedule's claim, exactly one gets it. A claim is never given back; it keeps when it was made,
 * so a run whose process died before it wrote the outcome is found (publish/draft-schedules.ts).
 */
export interface ScheduleClaims {
  /** True for the first asker of `key` only (a draft's id and its schedule's instant); `at` is kept as the claim's time. */
  claim(key: string, at: number): Promise<boolean>
  /** When the claim of `key` was made (ms since the epoch, on the claimer's clock); undefined when nobody claimed it. */
  claimedAt(key: string): Promise<number | undefined>
  close(): Promise<void>
}

/** Longer than a schedule may lie ahead, so a claim outlives every schedule that could ask for it again. */
const CLAIM_KEPT_MS = 400 * 24 * 60 * 60_000

/** A key as a file name: a draft id and an ISO instant, its colons and dots made plain. */
const fileNameOf = (key: string) => `${key.replace(/[^A-Za-z0-9_@-]/g, '_')}.claim`

/**
 * Claims as files in one folder (CONTENT_DIR/schedules, one machine): linked into place, which of
 * two processes exactly one does, and the folder is synced before the run, so a restart sees the
 * claim. The file holds the claim's time (an empty one, from before claims were linked, is dated by
 * the file's own time).
 */
export function folderScheduleClaims(dir: string, now: () => number = Date.now): ScheduleClaims {
  let pruned = false
  return {
    async claim(key, at) {
      await ensureDirectory(dir)
      if (!pruned) {
        pruned = true
        await pruneOldFiles(dir, CLAIM_KEPT_MS, now())
      }
      // Written whole to a file of this process's own, then linked to the claim's name, which fails
      // if the name exists: no one ever sees a claim without its time (a half-made one would be
      // dated by the file, on another clock than the one the claim is compared with).
      const claimFile = join(dir, fileNameOf(key))
      const own = join(dir, `.${fileNameOf(key)}.${process.pid}.${randomBytes(6).toString('hex')}`)
      const file = await open(own, 'wx', 0o600)
      try {
        await file.writeFile(String(at))
        await file.sync()
      } finally {
        await file.close()
      }
      try {
        await link(own, claimFile)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
        throw error
      } finally {
        await unlink(own).catch(() => undefined)
      }
      await syncDirectory(dir)
      return true
    },
    async claimedAt(key) {
      const file = join(dir, fileNameOf(key))
      try {
        const written = Number(await readFile(file, 'utf8'))
        return written > 0 ? written : (await stat(file)).mtimeMs
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    close: async () => undefined,
  }
}

/** Claims in Redis (REDIS_URL), shared by every instance: `SET <prefix>schedule-claim:<key> <time> NX PX`, which one caller only sets. */
export function redisScheduleClaims({ redis: access, prefix = 'site:', log }: { redis: RedisAccess; prefix?: string; log: Logger }): ScheduleClaims {
  const redis = access.connect(access.url)
  redis.on('error', () => undefined) // an outage is reported by each call's StoreUnavailableError
  return {
    async claim(key, at) {
      const set = await access.whileAnswers(redis, 'the scheduled publishes', log, () => redis.set(`${prefix}schedule-claim:${key}`, String(at), 'PX', CLAIM_KEPT_MS, 'NX'))
      return set === 'OK'
    },
    async claimedAt(key) {
      const value = await access.whileAnswers(redis, 'the scheduled publishes', log, () => redis.get(`${prefix}schedule-claim:${key}`))
      // A claim made before claims kept their time holds a process id: read as long ago, so it is looked into rather than trusted forever.
      return value === null ? undefined : Number(value) || 0
    },
    async close() {
      await redis.quit().catch(() => undefined)
    },
  }
}
