import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { isTemporaryName, listNames, moveFileDurably, pathExists, pruneOldFiles, removeDurably } from '../../ground/durable-files.ts'

/** An attachment with no message this old is left over (a crash between its move and its record, or a removal that failed). */
const ORPHANED_ATTACHMENT_MS = 10 * 60_000

/**
 * The disk outbox's attachments: the résumé of message <id> is the file attachments/<id>, moved
 * there from where its upload was written before the message's record is written, and removed
 * with the message (delivered, withdrawn or deleted as a dead letter). Uploads being read are
 * written here too, under temporary names, so taking one over is a rename on the same filesystem.
 */
export function createAttachmentFolder(dir: string, now: () => number) {
  const pathOf = (id: string) => join(dir, id)
  return {
    dir,
    pathOf,
    /** Takes over an upload's finished file as message `id`'s attachment, durably. */
    adopt: (uploadPath: string, id: string) => moveFileDurably(uploadPath, dir, id),
    exists: (id: string) => pathExists(pathOf(id)),
    remove: (id: string) => removeDurably(pathOf(id), dir),
    /** Removes uploads a crash left half-read and attachments whose message is gone (`isKept` false) for a while. */
    async prune(isKept: (id: string) => Promise<boolean>): Promise<void> {
      await pruneOldFiles(dir, Number.POSITIVE_INFINITY, now())
      for (const name of await listNames(dir)) {
        if (isTemporaryName(name) || (await isKept(name))) continue
        const info = await stat(pathOf(name)).catch(() => undefined)
        if (info && now() - info.mtimeMs > ORPHANED_ATTACHMENT_MS) await removeDurably(pathOf(name), dir)
      }
    },
  }
}
