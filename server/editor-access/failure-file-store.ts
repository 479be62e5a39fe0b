import { readFile } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { ensureDirectory, writeFileDurably } from '../../ground/durable-files.ts'
import type { Logger } from '../../ground/log.ts'
import { readFailureRecord, type FailureRecord, type FailureStore } from './failure-store.ts'

/**
 * Far more keys than a site's editors and their addresses make. A flood of made-up names or
 * addresses past it pushes out the keys closest to being forgotten (its own, one failure each),
 * never a key with many failures behind it, which is kept longest.
 */
const MAX_KEYS = 10_000
/** Evicting down to this, a flood pays for one sort per thousand keys, not one per key. */
const KEYS_AFTER_EVICTION = 9_000
/** The keys are hashes (sign-in-throttle.ts); a longer one in the file was not written by us. */
const MAX_KEY_LENGTH = 64

interface Kept {
  record: FailureRecord
  expiresAt: number
}

interface FileContent {
  failures: Record<string, FailureRecord & { expiresAt: number }>
}

export interface FailureFileStore extends FailureStore {
  /** Resolves once everything counted so far is on disk (or its write failed, which is logged). */
  saved(): Promise<void>
}

interface FailureFileOptions {
  /** Where the counts outlive a restart (CONTENT_DIR/sign-in-failures.json); without it they live in memory only. */
  file?: string
  /** The access layer's clock. */
  now: () => number
  log?: Logger
}

/**
 * Failed sign-ins in this process, written whole to `file` (a temporary file renamed over it)
 * after each change, so a restart forgets nothing. One write at a time: changes made meanwhile go
 * in the next one. A file that cannot be written leaves the counts in memory, with a warning.
 * One process per file: two servers sharing it would overwrite each other's counts (use REDIS_URL).
 */
export function createFailureFileStore({ file, now, log }: FailureFileOptions): FailureFileStore {
  const kept = new Map<string, Kept>()
  let loading: Promise<void> | undefined
  let writing: Promise<void> | undefined
  let writeAgain = false
  let lastWriteFailed = false

  const forgetExpired = () => {
    const at = now()
    for (const [key, entry] of kept) if (entry.expiresAt <= at) kept.delete(key)
  }

  const evict = () => {
    if (kept.size <= MAX_KEYS) return
    forgetExpired()
    if (kept.size <= MAX_KEYS) return
    const soonestForgotten = [...kept].sort(([, a], [, b]) => a.expiresAt - b.expiresAt)
    for (const [key] of soonestForgotten.slice(0, kept.size - KEYS_AFTER_EVICTION)) kept.delete(key)
  }

  const load = async (path: string) => {
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log?.warn({ err: error, file: path }, 'the failed sign-ins kept on disk cannot be read: counting from nothing')
      return
    }
    let content: Partial<FileContent> | undefined
    try {
      content = JSON.parse(text) as Partial<FileContent>
    } catch {
      log?.warn({ file: path }, 'the failed sign-ins kept on disk are not JSON: counting from nothing')
    }
    const entries = typeof content?.failures === 'object' && content.failures !== null ? Object.entries(content.failures) : []
    for (const [key, value] of entries) {
      const record = readFailureRecord(value)
      const expiresAt = record && (value as { expiresAt?: unknown }).expiresAt
      if (record && key.length <= MAX_KEY_LENGTH && typeof expiresAt === 'number' && expiresAt > now()) kept.set(key, { record, expiresAt })
    }
    evict()
  }

  const write = async (path: string) => {
    forgetExpired()
    const content: FileContent = { failures: Object.fromEntries([...kept].map(([key, { record, expiresAt }]) => [key, { ...record, expiresAt }])) }
    await ensureDirectory(dirname(path))
    await writeFileDurably(dirname(path), basename(path), JSON.stringify(content))
  }

  const save = () => {
    if (!file) return
    if (writing) {
      writeAgain = true
      return
    }
    writing = write(file)
      .then(
        () => {
          if (lastWriteFailed) log?.info({ file }, 'the failed sign-ins are kept on disk again')
          lastWriteFailed = false
        },
        (error: unknown) => {
          // Once per outage, not once per failed sign-in: a full disk under a flood would fill the log too.
          if (!lastWriteFailed) log?.warn({ err: error, file }, 'the failed sign-ins cannot be written to disk: counted in memory until they can (a restart would forget them)')
          lastWriteFailed = true
        },
      )
      .finally(() => {
        writing = undefined
        if (writeAgain) {
          writeAgain = false
          save()
        }
      })
  }

  return {
    async update(keys, decide) {
      if (file) await (loading ??= load(file))
      const at = now()
      const records = keys.map((key) => {
        const found = kept.get(key)
        return found && found.expiresAt > at ? found.record : undefined
      })
      const { writes, result } = decide(records)
      writes.forEach((change, index) => {
        if (change === null) kept.delete(keys[index]!)
        else if (change) kept.set(keys[index]!, { record: { ...change.record }, expiresAt: at + change.keepMs })
      })
      if (writes.some((change) => change !== undefined)) {
        evict()
        save()
      }
      return result
    },
    async saved() {
      while (writing) await writing
    },
  }
}
