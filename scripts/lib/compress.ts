import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const compressible = /\.(html|js|css|svg|json|txt|xml|webmanifest)$/

/** Writes .br and .gz beside every text file, so the server never compresses per request. */
export function precompress(dir: string): number {
  let count = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue
    const file = path.join(entry.parentPath, entry.name)
    const body = fs.readFileSync(file)
    fs.writeFileSync(file + '.br', zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }))
    fs.writeFileSync(file + '.gz', zlib.gzipSync(body, { level: 9 }))
    count++
  }
  return count
}
