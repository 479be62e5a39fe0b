import zlib from 'node:zlib'

const WOFF_SIGNATURE = 0x774f4646 // "wOFF"
const WOFF_HEADER = 44
const WOFF_ENTRY = 20
const SFNT_HEADER = 12
const SFNT_ENTRY = 16

/**
 * A WOFF 1.0 font unwrapped into the TrueType/OpenType file it wraps, for the share image's
 * fontconfig, whose FreeType reads no WOFF. WOFF 1.0 is the font's table directory with each table zlib-compressed when that saved
 * bytes, stored as is otherwise: node:zlib does the work, and a font library (fontkit,
 * fonteditor-core) would add megabytes to the production install for these few lines.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('Not a WOFF 1.0 font (no wOFF signature)')
  const flavor = woff.readUInt32BE(4)
  const count = woff.readUInt16BE(12)
  const header = Buffer.alloc(SFNT_HEADER + SFNT_ENTRY * count)
  // The sfnt header's binary-search fields: the largest power of two not above the table count, times 16, its log2, and the rest.
  const searchPower = 2 ** Math.floor(Math.log2(count))
  header.writeUInt32BE(flavor, 0)
  header.writeUInt16BE(count, 4)
  header.writeUInt16BE(searchPower * 16, 6)
  header.writeUInt16BE(Math.log2(searchPower), 8)
  header.writeUInt16BE(count * 16 - searchPower * 16, 10)
  let offset = header.length
  const tables: Buffer[] = []
  for (let index = 0; index < count; index += 1) {
    const entry = WOFF_HEADER + index * WOFF_ENTRY
    const [tag, start, compressed, original, checksum] = [0, 4, 8, 12, 16].map((field) => woff.readUInt32BE(entry + field)) as [number, number, number, number, number]
    const stored = woff.subarray(start, start + compressed)
    const data = compressed < original ? zlib.inflateSync(stored) : stored
    if (data.length !== original) throw new Error('A table of the WOFF font has another length than its directory says')
    const at = SFNT_HEADER + index * SFNT_ENTRY
    header.writeUInt32BE(tag, at)
    header.writeUInt32BE(checksum, at + 4)
    header.writeUInt32BE(offset, at + 8)
    header.writeUInt32BE(original, at + 12)
    // Tables start on four-byte boundaries.
    const padded = Buffer.alloc((data.length + 3) & ~3)
    data.copy(padded)
    tables.push(padded)
    offset += padded.length
  }
  return Buffer.concat([header, ...tables])
}
