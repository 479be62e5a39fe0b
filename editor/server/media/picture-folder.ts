import fs from 'node:fs'
import path from 'node:path'

/**
 * Where the media library keeps the site's pictures: a public folder (its images/ holds them),
 * read from the disk, and changed only through `create` and `remove`. `npm run dev` changes the
 * public folder itself (publicPictureFolder); a production server hands in one whose changes go
 * to its content store, from which the next content build copies them.
 */
export interface PictureFolder {
  /** The public folder the library lists, reads and checks pictures in. */
  readonly publicDir: string
  /**
   * Stores `bytes` at `relativePath` ('/'-separated under publicDir, e.g. images/partners/acme.svg),
   * making its folders, whole or not at all, and never over a file: false, writing nothing, when
   * a file of that name exists (the caller tries the next free name).
   */
  create(relativePath: string, bytes: Uint8Array): Promise<boolean>
  /** Deletes the file at `relativePath`. */
  remove(relativePath: string): Promise<void>
}

/** The public folder itself, changed in place: `npm run dev`, and tests. */
export function publicPictureFolder(publicDir: string): PictureFolder {
  const fileOf = (relativePath: string) => path.join(publicDir, ...relativePath.split('/').filter(Boolean))
  return {
    publicDir,
    async create(relativePath, bytes) {
      const file = fileOf(relativePath)
      fs.mkdirSync(path.dirname(file), { recursive: true })
      // Written beside it, then hard-linked into place, which fails if the name was taken meanwhile.
      const temporary = path.join(path.dirname(file), `.upload-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`)
      fs.writeFileSync(temporary, bytes, { flag: 'wx' })
      try {
        fs.linkSync(temporary, file)
        return true
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        return false
      } finally {
        fs.rmSync(temporary, { force: true })
      }
    },
    async remove(relativePath) {
      fs.rmSync(fileOf(relativePath))
    },
  }
}
