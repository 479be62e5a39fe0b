import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const compressible = /\.(html|js|css|svg|json|txt|xml|atom|webmanifest)$/
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * Brotli's quality for the code build's scripts and styles (built once, fetched by every visitor,
 * cached for a year: the smallest files), and for the content build's pages: quality 10 compresses
 * this site's pages about three times faster than 11 (0.6 s against 1.9 s on two cores, most of a
 * publish) for 2 % more bytes (about 0.5 KB on the home page).
 */
export const brotliQuality = { code: 11, pages: 10 } as const

/**
 * The files among `files` a server sends compressed: text that is served. A name starting with
 * "." (the content build's own .site-*.json, a .well-known/ folder) is never served, by Node nor
 * by nginx, so no copy of it is made.
 */
const servedText = (files: readonly string[]) => files.filter((file) => compressible.test(file) && !file.split('/').some((part) => part.startsWith('.')))

/** The names of the .br and .gz copies precompressFiles makes of `files`, in its order. */
export const compressedNames = (files: readonly string[]): string[] => servedText(files).flatMap((file) => [`${file}.br`, `${file}.gz`])

/** A new file in place of the old, never a write into it: the old may be a link shared with another version's folder. */
async function replaceFile(file: string, body: Buffer): Promise<void> {
  await fs.promises.rm(file, { force: true })
  await fs.promises.writeFile(file, body)
}

/**
 * Writes .br and .gz beside each served text file among `files` (relative to `dir`), so no server
 * compresses per request; answers the names it wrote. zlib's asynchronous calls run on libuv's
 * threads, so the files compress on every core at once.
 */
export async function precompressFiles(dir: string, files: readonly string[], quality: number): Promise<string[]> {
  const texts = servedText(files)
  await Promise.all(
    texts.map(async (relative) => {
      const file = path.join(dir, relative)
      const body = await fs.promises.readFile(file)
      const [br, gz] = await Promise.all([brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }), gzip(body, { level: 9 })])
      await Promise.all([replaceFile(`${file}.br`, br), replaceFile(`${file}.gz`, gz)])
    }),
  )
  return compressedNames(texts)
}
