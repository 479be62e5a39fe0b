import type { Stats } from 'node:fs'
import { open, stat, unlink, type FileHandle } from 'node:fs/promises'
import { hostname } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'

export interface LockTiming {
  /** A lock file not refreshed for this long belongs to a process that died (or stalled) holding it. */
  staleMs: number
  /** How long to wait for another holder before giving up. Longer than staleMs, so a dead holder's lock is taken over. */
  waitMs: number
}

export const DEFAULT_LOCK_TIMING: LockTiming = { staleMs: 10_000, waitMs: 15_000 }
const RETRY_MS = 20
const BREAKER_RETRY_MS = 2

/** What the work under the lock can ask of it. */
export interface HeldLock {
  /** Throws LockLost unless the lock file is still this holder's: called before every step that must not be done twice. */
  assertHeld(): Promise<void>
}

/** The lock was taken over while its work ran (the holder stalled past the stale time): the work stops before its next step. */
export class LockLost extends Error {
  constructor(path: string) {
    super(`${path} was taken over by another process while this one held it (stalled longer than the lock's stale time); stopped before changing anything more.`)
    this.name = 'LockLost'
  }
}

const sameFile = (a: Stats, b: Stats) => a.ino === b.ino && a.dev === b.dev

/**
 * Runs `step` holding `<path>.break`, which every removal of the lock file takes (a release, or the
 * takeover of an abandoned lock), so that no removal comes between another's look at the lock file
 * and its removal of it: two waiters breaking an abandoned lock at once would otherwise remove the
 * new lock one of them had just made. Held for a moment; one left by a crash is stale after staleMs.
 */
async function whileNoOtherRemoves(path: string, staleMs: number, step: () => Promise<void>): Promise<void> {
  const breaker = `${path}.break`
  for (;;) {
    try {
      await (await open(breaker, 'wx', 0o600)).close()
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const info = await stat(breaker).catch(() => undefined)
    if (info && Date.now() - info.mtimeMs > staleMs) await unlink(breaker).catch(() => undefined)
    else await sleep(BREAKER_RETRY_MS)
  }
  try {
    await step()
  } finally {
    await unlink(breaker).catch(() => undefined)
  }
}

/** Removes the lock file when it is still one `expected` accepts, looked at and removed with no other removal in between. */
const removeIf = (path: string, staleMs: number, expected: (info: Stats) => boolean) =>
  whileNoOtherRemoves(path, staleMs, async () => {
    const info = await stat(path).catch(() => undefined)
    if (info && expected(info)) await unlink(path)
  })

/**
 * Runs `work` holding the lock file `path`, made with O_EXCL ('wx'): of two processes on one
 * machine exactly one creates it, the other waits. While the work runs, the holder refreshes the
 * file's mtime every quarter of the stale time, so a slow holder's lock never looks abandoned; a
 * lock not refreshed for the stale time is taken over. The work can ask whether the lock is still
 * its own (the file at `path` is the one it made) before a step that must not be done twice.
 *
 * Our own, not proper-lockfile: that package (last released 2021) patches the process's fs.close
 * and signal handling at import, too much for the production server to take in for one lock.
 */
export async function withLockFile<T>(path: string, work: (lock: HeldLock) => Promise<T>, timing: LockTiming = DEFAULT_LOCK_TIMING): Promise<T> {
  const handle = await acquire(path, timing)
  const mine = await handle.stat()
  const heartbeat = setInterval(() => {
    const now = new Date()
    // Through the handle: refreshes this holder's own file, never one that replaced it at `path`.
    handle.utimes(now, now).catch(() => undefined)
  }, timing.staleMs / 4)
  heartbeat.unref()
  const lock: HeldLock = {
    async assertHeld() {
      const current = await stat(path).catch(() => undefined)
      if (!current || !sameFile(current, mine)) throw new LockLost(path)
    },
  }
  try {
    return await work(lock)
  } finally {
    clearInterval(heartbeat)
    const stillMine = (info: Stats) => sameFile(info, mine)
    await removeIf(path, timing.staleMs, stillMine).catch(async () => {
      // A disk that cannot take even the empty breaker file: released all the same, unguarded.
      const info = await stat(path).catch(() => undefined)
      if (info && stillMine(info)) await unlink(path).catch(() => undefined)
    })
    await handle.close()
  }
}

async function acquire(path: string, { staleMs, waitMs }: LockTiming): Promise<FileHandle> {
  const deadline = Date.now() + waitMs
  for (;;) {
    try {
      const handle = await open(path, 'wx', 0o600)
      try {
        // Who holds it, for a person looking at a stuck one.
        await handle.writeFile(`${process.pid}@${hostname()} ${new Date().toISOString()}\n`)
        return handle
      } catch (error) {
        await handle.close()
        await unlink(path).catch(() => undefined)
        throw error
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const isStale = (info: Stats) => Date.now() - info.mtimeMs > staleMs
    const seen = await stat(path).catch(() => undefined)
    if (seen && isStale(seen)) {
      await removeIf(path, staleMs, isStale)
      continue
    }
    if (Date.now() > deadline) throw new Error(`${path} is held by another publish; remove it if no publish or versions command is running.`)
    await sleep(RETRY_MS)
  }
}
