import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { basename, dirname, join, relative, sep } from 'node:path'
import { ensureDirectory, removeDurably, writeFileDurably } from '../ground/durable-files.ts'
import { pictureRelPath } from './picture-paths.ts'
import { MAX_PICTURE_BYTES, PictureRefused, type StoredPicture } from './version-store.ts'

export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

export function checkPictureSize(relPath: string, bytes: Uint8Array): void {
  if (bytes.byteLength > MAX_PICTURE_BYTES)
    throw new PictureRefused(`The picture ${relPath} has ${bytes.byteLength} bytes; a picture may have at most ${MAX_PICTURE_BYTES} (10 MB).`)
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * The editor's uploaded pictures as files under `root` (CONTENT_DIR/pictures/), each at its path
 * (root/images/…), written durably (temporary file, fsync, rename), so a reader never sees half a
 * picture. Every path is checked by pictureRelPath before it becomes a file name.
 */
export function folderPictures(root: string) {
  const fileOf = (relPath: string) => join(root, ...pictureRelPath(relPath).split('/'))
  return {
    async putPicture(relPath: string, bytes: Uint8Array): Promise<StoredPicture> {
      const file = fileOf(relPath)
      checkPictureSize(relPath, bytes)
      await ensureDirectory(dirname(file))
      await writeFileDurably(dirname(file), basename(file), bytes)
      return { path: relPath, bytes: bytes.byteLength, sha256: sha256Of(bytes) }
    },
    async removePicture(relPath: string): Promise<void> {
      const file = fileOf(relPath)
      await removeDurably(file, dirname(file))
    },
    async readPicture(relPath: string): Promise<Uint8Array | undefined> {
      try {
        return await readFile(fileOf(relPath))
      } catch (error) {
        if (missing(error)) return undefined
        throw error
      }
    },
    async listPictures(): Promise<StoredPicture[]> {
      let entries
      try {
        entries = await readdir(join(root, 'images'), { recursive: true, withFileTypes: true })
      } catch (error) {
        if (missing(error)) return []
        throw error
      }
      const paths = entries
        .filter((entry) => entry.isFile())
        .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
        // Temporary files of a write in progress (and anything else not a picture's name) are not pictures.
        .filter((path) => {
          try {
            return pictureRelPath(path) === path
          } catch {
            return false
          }
        })
        .sort()
      const pictures = await Promise.all(
        paths.map(async (path) => {
          const bytes = await readFile(join(root, ...path.split('/'))).catch((error: unknown) => (missing(error) ? undefined : Promise.reject(error)))
          return bytes && { path, bytes: bytes.byteLength, sha256: sha256Of(bytes) }
        }),
      )
      return pictures.filter((picture) => picture !== undefined)
    },
  }
}
