import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { ensureDirectory, pruneOldFiles, syncDirectory } from '../ground/durable-files.ts'
import type { Logger } from '../ground/log.ts'
import type { RedisAccess } from './redis-version-store.ts'

/**
 * Who runs a due scheduled publish: of every instance (and every restart) that asks for one
 * schedule's claim, exactly one gets it. A claim is never given back: a publish that ran, or
 * stopped half-way, is not run a second time.
 */
export interface ScheduleClaims {
  /** True for the first asker of `key` only (a draft's id and its schedule's instant). */
  claim(key: string): Promise<boolean>
  close(): Promise<void>
}

/** Longer than a schedule may lie ahead, so a claim outlives every schedule that could ask for it again. */
const CLAIM_KEPT_MS = 400 * 24 * 60 * 60_000

/** A key as a file name: a draft id and an ISO instant, its colons and dots made plain. */
const fileNameOf = (key: string) => `${key.replace(/[^A-Za-z0-9_@-]/g, '_')}.claim`

/**
 * Claims as files in one folder (CONTENT_DIR/schedules, one machine): made with O_EXCL, of two
 * processes exactly one creates the file, and the folder is synced before the run, so a restart
 * sees the claim.
 */
export function folderScheduleClaims(dir: string, now: () => number = Date.now): ScheduleClaims {
  let pruned = false
  return {
    async claim(key) {
      await ensureDirectory(dir)
      if (!pruned) {
        pruned = true
        await pruneOldFiles(dir, CLAIM_KEPT_MS, now())
      }
      try {
        await (await open(join(dir, fileNameOf(key)), 'wx', 0o600)).close()
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
        throw error
      }
      await syncDirectory(dir)
      return true
    },
    close: async () => undefined,
  }
}

/** Claims in Redis (REDIS_URL), shared by every instance: `SET <prefix>schedule-claim:<key> NX PX`, which one caller only sets. */
export function redisScheduleClaims({ redis: access, prefix = 'site:', log }: { redis: RedisAccess; prefix?: string; log: Logger }): ScheduleClaims {
  const redis = access.connect(access.url)
  redis.on('error', () => undefined) // an outage is reported by each call's StoreUnavailableError
  return {
    async claim(key) {
      const set = await access.whileAnswers(redis, 'the scheduled publishes', log, () =>
        redis.set(`${prefix}schedule-claim:${key}`, String(process.pid), 'PX', CLAIM_KEPT_MS, 'NX'),
      )
      return set === 'OK'
    },
    async close() {
      await redis.quit().catch(() => undefined)
    },
  }
}
