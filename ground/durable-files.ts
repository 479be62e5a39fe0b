import { randomUUID } from 'node:crypto'
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * File operations that survive a crash or power loss at any instant: a reader sees either the
 * old state or the new one, never a half-written file. Every outbox state change goes through
 * here, so "answered success" always means "on disk".
 */

/** Temporary files start with a dot so directory scans can skip them and recovery can sweep them. */
export const isTemporaryName = (name: string): boolean => name.startsWith('.')

/** A write that failed because the filesystem (or the user's quota) is full. */
export const isOutOfSpace = (error: unknown): boolean => ['ENOSPC', 'EDQUOT'].includes((error as NodeJS.ErrnoException | undefined)?.code ?? '')

export async function ensureDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
}

/** fsync a directory so a rename or unlink inside it is itself durable, not only the file's bytes. */
export async function syncDirectory(dir: string): Promise<void> {
  // Windows cannot open a directory for fsync; NTFS journals the metadata change instead.
  if (process.platform === 'win32') return
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * Write to a temporary file in the same directory, fsync it, rename it over the target, fsync
 * the directory. `modifiedAt` stamps the file's mtime, which the outbox uses as "received at".
 * `data` may come in pieces, written one after the other (a stream too): a large message is never joined in memory.
 */
export async function writeFileDurably(
  dir: string,
  name: string,
  data: string | Uint8Array | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
  modifiedAt?: Date,
): Promise<string> {
  const target = join(dir, name)
  const temporary = join(dir, `.${name}.${randomUUID()}.tmp`)
  // Visitor data and resumes: readable by the server's user only.
  const handle = await open(temporary, 'wx', 0o600)
  try {
    await handle.writeFile(data)
    if (modifiedAt) await handle.utimes(modifiedAt, modifiedAt)
    await handle.sync()
  } catch (error) {
    await handle.close()
    await unlink(temporary).catch(() => undefined)
    throw error
  }
  await handle.close()
  await rename(temporary, target)
  await syncDirectory(dir)
  return target
}

/**
 * Move a finished file into `dir` under `name`, durably: its bytes fsync'd first, then the rename,
 * then the directory. Both places must be on one filesystem (a rename, not a copy).
 */
export async function moveFileDurably(from: string, dir: string, name: string): Promise<string> {
  const handle = await open(from, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
  const target = join(dir, name)
  await rename(from, target)
  await syncDirectory(dir)
  return target
}

/**
 * Cut a file to nothing, durably, and stamp its mtime. Needs no free space (it frees the file's
 * blocks), so it works on a full disk; used to keep a record of a file without its content.
 */
export async function emptyFileDurably(path: string, modifiedAt: Date): Promise<void> {
  const handle = await open(path, 'r+')
  try {
    await handle.truncate(0)
    await handle.utimes(modifiedAt, modifiedAt)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Remove a file and make the removal durable; a file that is already gone is fine. */
export async function removeDurably(path: string, dir: string): Promise<void> {
  try {
    await unlink(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  await syncDirectory(dir)
}

export async function pathExists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}

/** Names in a directory, or none when the directory does not exist yet. */
export async function listNames(dir: string): Promise<string[]> {
  try {
    return await readdir(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

/** A temporary file this old belongs to a write that crashed; a live write takes milliseconds. */
const ABANDONED_TEMPORARY_MS = 10 * 60_000

/** Delete files older than `maxAgeMs` (by mtime), and temporary files left by a crashed write. */
export async function pruneOldFiles(dir: string, maxAgeMs: number, now: number): Promise<number> {
  let removed = 0
  for (const name of await listNames(dir)) {
    const path = join(dir, name)
    const info = await stat(path).catch(() => undefined)
    if (!info?.isFile()) continue
    const limit = isTemporaryName(name) ? ABANDONED_TEMPORARY_MS : maxAgeMs
    if (now - info.mtimeMs > limit) {
      await unlink(path).catch(() => undefined)
      removed += 1
    }
  }
  return removed
}
