import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { IdempotencyStore, RememberedAnswer, Withdrawable } from '../queue/submission-queue.ts'
import { ensureDirectory, pruneOldFiles, writeFileDurably } from '../../ground/durable-files.ts'
import type { Logger } from '../../ground/log.ts'

/**
 * Remembers the first answer per (form, Idempotency-Key) on disk, so it survives a restart.
 * Concurrent requests with the same key wait for the first one instead of racing it.
 *
 * A success is answered only once it is remembered, and is always delivered: if the answer cannot
 * be written (a full disk), what the request queued is withdrawn and the request fails (503 for a
 * full disk), so the visitor's retry is the only copy. If nothing can be withdrawn (it was queued
 * by an earlier request, or the withdrawal failed too), the message will be delivered, so the
 * success stands; a retry with the key finds the message by its id (`<form>-k<hash>`).
 */
export function createIdempotencyStore(dir: string, options: { now?: () => number; log?: Logger } = {}): IdempotencyStore {
  const now = options.now ?? Date.now
  const inFlight = new Map<string, Promise<RememberedAnswer>>()
  const fileName = (hash: string) => `${hash}.json`

  async function recall(hash: string): Promise<RememberedAnswer | undefined> {
    try {
      return JSON.parse(await readFile(join(dir, fileName(hash)), 'utf8')) as RememberedAnswer
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  return {
    /**
     * Answer from memory if this key was answered before; otherwise run `handle` and remember its
     * answer when `shouldRemember` says so (we remember successes only: a visitor who fixes a
     * refused field and resubmits with the same key must not be refused forever).
     */
    async answerOnce(
      hash: string,
      handle: () => Promise<RememberedAnswer>,
      shouldRemember: (answer: RememberedAnswer) => boolean,
      queued?: Withdrawable,
    ): Promise<{ answer: RememberedAnswer; replayed: boolean }> {
      const running = inFlight.get(hash)
      if (running) await running.catch(() => undefined)

      const remembered = await recall(hash)
      if (remembered) return { answer: remembered, replayed: true }

      const attempt = (async () => {
        const answer = await handle()
        if (!shouldRemember(answer)) return answer
        try {
          await ensureDirectory(dir)
          await writeFileDurably(dir, fileName(hash), JSON.stringify(answer))
        } catch (error) {
          // Inside the attempt: a request with the same key waits until the withdrawal is done.
          if (await (queued?.withdraw() ?? false)) {
            options.log?.warn({ key: `${hash.slice(0, 12)}…`, reason: String(error) }, 'the answer for an idempotency key could not be written: submission withdrawn, not sent')
            throw error
          }
          options.log?.error(
            { key: `${hash.slice(0, 12)}…`, reason: String(error) },
            'the answer for an idempotency key could not be written; the submission is queued and will be sent',
          )
        }
        return answer
      })()
      inFlight.set(hash, attempt)
      try {
        return { answer: await attempt, replayed: false }
      } finally {
        if (inFlight.get(hash) === attempt) inFlight.delete(hash)
      }
    },

    prune: (maxAgeMs: number) => pruneOldFiles(dir, maxAgeMs, now()),
  }
}
