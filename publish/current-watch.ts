import type { Logger } from '../ground/log.ts'
import type { StoredVersion, VersionStore } from './version-store.ts'

/** Every instance must be on a newly published version within 5 s: a poll each second leaves room for a build. */
const POLL_MS = 1000

export interface CurrentWatchOptions {
  /** The current version's id as the store has it now. */
  read: () => Promise<string | undefined>
  /** A quicker signal than the poll (a folder watch, Redis pub/sub); calls `wake` on a likely change. Returns its stop. */
  wakeOn?: (wake: () => void) => () => void
  pollMs?: number
  log: Logger
}

/**
 * Tells listeners when the current version's id changes, whoever changed it. A wake-up signal is a
 * hint only (a network folder may not deliver watch events, a pub/sub message is lost while Redis
 * reconnects); the poll is what guarantees the change is seen, so a listener hears every id the
 * store settles on, at most once each, in order. Runs while it has listeners.
 */
export function currentWatch({ read, wakeOn, pollMs = POLL_MS, log }: CurrentWatchOptions) {
  const listeners = new Set<(id: string) => void>()
  let last: string | undefined
  let stop: (() => void) | undefined
  let running: Promise<void> | undefined
  let again = false
  let failing = false

  async function look(): Promise<void> {
    do {
      again = false
      try {
        const id = await read()
        if (failing) log.info('the current version can be read again')
        failing = false
        if (id !== undefined && id !== last) {
          const changed = last !== undefined || primed
          last = id
          if (changed) for (const listener of [...listeners]) listener(id)
        }
      } catch (error) {
        // Said once per outage; the poll goes on and picks the change up when the store is back.
        if (!failing) log.warn({ reason: String(error) }, 'cannot read the current version; trying again every second')
        failing = true
      }
    } while (again && stop)
  }
  // Before the first look, the id found is the starting point, not a change.
  let primed = false
  function check() {
    if (running) {
      again = true
      return
    }
    running = look().finally(() => {
      running = undefined
      primed = true
    })
  }

  function start() {
    const timer = setInterval(check, pollMs)
    timer.unref()
    const stopWake = wakeOn?.(check)
    stop = () => {
      clearInterval(timer)
      stopWake?.()
      stop = undefined
    }
    check()
  }

  return {
    subscribe(listener: (id: string) => void): () => void {
      listeners.add(listener)
      if (!stop) start()
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) stop?.()
      }
    },
    /** Stops watching for every listener and waits for a look in progress, so none lands after a store closed. */
    async close(): Promise<void> {
      listeners.clear()
      stop?.()
      await running
    },
  }
}

export interface WatchedCurrentVersionOptions extends CurrentWatchOptions {
  get: (id: string) => Promise<StoredVersion | undefined>
}

/**
 * The part of a version store both kinds build the same way from their current id: the current
 * version, and its changes told by a watch. `stopWatching` belongs in the store's close.
 */
export function watchedCurrentVersion({
  get,
  ...watchOptions
}: WatchedCurrentVersionOptions): Pick<VersionStore, 'current' | 'get' | 'onCurrentChange'> & { stopWatching(): Promise<void> } {
  const watcher = currentWatch(watchOptions)
  return {
    async current() {
      const id = await watchOptions.read()
      return id ? get(id) : undefined
    },
    get,
    onCurrentChange: (listener) => watcher.subscribe(listener),
    stopWatching: () => watcher.close(),
  }
}
