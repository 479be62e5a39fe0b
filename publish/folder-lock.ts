import { open, stat, unlink } from 'node:fs/promises'
import { hostname } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'

/** How long a publish waits for another one holding the lock; the work under it takes milliseconds. */
const WAIT_MS = 10_000
/** A lock this old belongs to a process that died holding it (a publish under it takes milliseconds). */
const ABANDONED_MS = 30_000
const RETRY_MS = 20

/**
 * Runs `work` holding the lock file `path`, made with O_EXCL ('wx'): of two processes on one
 * machine (or on one shared folder) exactly one creates it, the other waits. It holds who took
 * it, for a person looking at a stuck one. Node has no flock(); a lock file is what npm and git use.
 */
export async function withLockFile<T>(path: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    try {
      const handle = await open(path, 'wx', 0o600)
      await handle.writeFile(`${process.pid}@${hostname()} ${new Date().toISOString()}\n`)
      await handle.close()
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const since = await stat(path).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      )
      if (since > ABANDONED_MS) await unlink(path).catch(() => undefined)
      else if (Date.now() > deadline) throw new Error(`${path} is held by another publish; remove it if no publish or versions command is running.`)
      else await sleep(RETRY_MS)
    }
  }
  try {
    return await work()
  } finally {
    await unlink(path).catch(() => undefined)
  }
}
