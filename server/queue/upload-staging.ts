import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream, type WriteStream } from 'node:fs'
import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { ensureDirectory } from '../../ground/durable-files.ts'

/** Room on the disk held for an upload's file (the disk outbox's guard of its reserve). */
export interface RoomClaim {
  /** The file stays on the disk (the queue moved it into place). */
  written(): void
  /** The file is gone: its room is free again. */
  dropped(): void
}

/** The file one upload is written to while its request is read. */
export interface StagedUpload {
  path: string
  /** The file, opened for this upload alone, readable by the server's user only. */
  stream: WriteStream
  /**
   * The end of the request: the file is removed (the upload was refused, or a queue copied it
   * elsewhere) unless a queue moved it into place, and its room claim settled either way. Never throws.
   */
  finish(): Promise<void>
}

/** Opens the file for one upload of at most `maxBytes`, after claiming its room; throws StoreUnavailableError (outbox_full) when there is none. */
export type StageUpload = (maxBytes: number) => Promise<StagedUpload>

/**
 * Uploads are written to `dir` as they arrive, under a temporary (dot) name that a prune sweeps
 * should the process die mid-upload. Put on the same filesystem as where a queue keeps its
 * attachments, a queue takes one over by a rename: the bytes are written once and never held in memory.
 */
export function uploadStaging(dir: string, claimRoom?: (bytes: number) => Promise<RoomClaim>): StageUpload {
  return async (maxBytes) => {
    await ensureDirectory(dir)
    const claim = await claimRoom?.(maxBytes)
    const path = join(dir, `.upload-${randomUUID()}`)
    const stream = createWriteStream(path, { flags: 'wx', mode: 0o600 })
    try {
      // A file that cannot be made (no room for one more, a folder not writable) fails here, before the request is read.
      await once(stream, 'ready')
    } catch (error) {
      claim?.dropped()
      throw error
    }
    // A failed write is the reader's to report (read-multipart-body.ts); this keeps one it was not listening for from being unhandled.
    stream.on('error', () => undefined)
    let finished: Promise<void> | undefined
    return {
      path,
      stream,
      finish: () =>
        (finished ??= (async () => {
          stream.destroy()
          if (!stream.closed) await new Promise<void>((closed) => stream.once('close', () => closed()))
          const removed = await unlink(path).then(
            () => true,
            () => false,
          )
          if (removed) claim?.dropped()
          else claim?.written()
        })()),
    }
  }
}
