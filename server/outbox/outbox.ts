import { readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ensureDirectory,
  isTemporaryName,
  listNames,
  pathExists,
  pruneOldFiles,
  removeDurably,
  syncDirectory,
  writeFileDurably,
} from './durableFiles.ts';
import type { DeadLetterReason, OutboxMessage, SentReceipt } from './outboxMessage.ts';
import { isSafeMessageId } from './outboxMessage.ts';

/**
 * The durable outbox. Layout under the root directory:
 *   pending/<id>.json            accepted, not yet delivered (mtime = received at)
 *   sent/<id>.json               small receipt: the mail server took it (no visitor data)
 *   dead-letter/<id>.json        given up on, with <id>.reason.json beside it
 * A message moves between these only by atomic, fsync'd renames and writes.
 */
export type Outbox = ReturnType<typeof createOutbox>;

export interface OutboxStats {
  depth: number;
  oldestAgeSeconds: number | null;
  deadLetters: number;
}

export type EnqueueResult = 'queued' | 'already-queued' | 'already-sent';

const REASON_SUFFIX = '.reason.json';

export function createOutbox(rootDir: string, now: () => number = Date.now) {
  const pendingDir = join(rootDir, 'pending');
  const sentDir = join(rootDir, 'sent');
  const deadLetterDir = join(rootDir, 'dead-letter');
  const fileOf = (dir: string, id: string) => {
    if (!isSafeMessageId(id)) throw new Error(`Unsafe outbox message id "${id}"`);
    return join(dir, `${id}.json`);
  };

  let directoriesReady: Promise<void> | undefined;
  const ensureDirectories = () => {
    directoriesReady ??= Promise.all([pendingDir, sentDir, deadLetterDir].map(ensureDirectory)).then(
      () => undefined,
      (error: unknown) => {
        directoriesReady = undefined; // let the next request try again, e.g. after a disk was remounted
        throw error;
      },
    );
    return directoriesReady;
  };

  async function pendingIdsWithTimes(): Promise<Array<{ id: string; receivedAtMs: number }>> {
    const entries = [];
    for (const name of await listNames(pendingDir)) {
      if (isTemporaryName(name) || !name.endsWith('.json')) continue;
      const info = await stat(join(pendingDir, name)).catch(() => undefined);
      if (info) entries.push({ id: name.slice(0, -'.json'.length), receivedAtMs: info.mtimeMs });
    }
    return entries.sort((a, b) => a.receivedAtMs - b.receivedAtMs || a.id.localeCompare(b.id));
  }

  return {
    rootDir,

    /**
     * Durably store a message. The id is derived from the Idempotency-Key when there is one, so
     * a retry after a crash between "stored" and "answer remembered" finds its own message here
     * instead of queuing a second copy.
     */
    async enqueue(message: OutboxMessage): Promise<EnqueueResult> {
      await ensureDirectories();
      if (await pathExists(fileOf(sentDir, message.id))) return 'already-sent';
      if (await pathExists(fileOf(pendingDir, message.id))) return 'already-queued';
      await writeFileDurably(pendingDir, `${message.id}.json`, JSON.stringify(message), new Date(Date.parse(message.receivedAt)));
      return 'queued';
    },

    /** Pending messages, oldest first. */
    listPending: pendingIdsWithTimes,

    async read(id: string): Promise<OutboxMessage> {
      return JSON.parse(await readFile(fileOf(pendingDir, id), 'utf8')) as OutboxMessage;
    },

    /** The commit point of a delivery: after this the message is never sent again. */
    async markSent(id: string, receipt: SentReceipt): Promise<void> {
      await ensureDirectories();
      await writeFileDurably(sentDir, `${id}.json`, JSON.stringify({ id, ...receipt }));
    },

    isSent: (id: string) => pathExists(fileOf(sentDir, id)),

    /** Forget a delivered message's content; its sent receipt stays. */
    removePending: (id: string) => removeDurably(fileOf(pendingDir, id), pendingDir),

    async moveToDeadLetter(id: string, why: DeadLetterReason): Promise<void> {
      await ensureDirectories();
      // Reason first: a crash before the rename leaves the message pending, to be tried again.
      await writeFileDurably(deadLetterDir, `${id}${REASON_SUFFIX}`, JSON.stringify(why, null, 2));
      await rename(fileOf(pendingDir, id), fileOf(deadLetterDir, id));
      await syncDirectory(deadLetterDir);
      await syncDirectory(pendingDir);
    },

    async stats(): Promise<OutboxStats> {
      const pending = await pendingIdsWithTimes();
      const oldest = pending[0];
      const deadLetters = (await listNames(deadLetterDir)).filter(
        (name) => name.endsWith('.json') && !name.endsWith(REASON_SUFFIX) && !isTemporaryName(name),
      ).length;
      return {
        depth: pending.length,
        oldestAgeSeconds: oldest ? Math.max(0, Math.floor((now() - oldest.receivedAtMs) / 1000)) : null,
        deadLetters,
      };
    },

    /** Drop old sent receipts and temporary files of crashed writes. Pending mail is never pruned. */
    async prune(receiptMaxAgeMs: number): Promise<void> {
      await pruneOldFiles(sentDir, receiptMaxAgeMs, now());
      await pruneOldFiles(pendingDir, Number.POSITIVE_INFINITY, now());
      await pruneOldFiles(deadLetterDir, Number.POSITIVE_INFINITY, now());
    },
  };
}
