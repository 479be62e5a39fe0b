import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp'
import { MediaRefusal } from './media-refusal.ts'
import type { RasterFormat } from './picture-formats.ts'
import { storedBox, type PictureKind, type Size } from './picture-kinds.ts'

/**
 * The most pixels an upload may declare. A photo of a 100-megapixel camera fits; a few hundred
 * bytes of PNG that claim 50000 × 50000 (2.5 billion pixels, 10 GB to decode) do not: sharp reads
 * the header, sees the count and stops before it decodes a row.
 */
const maxInputPixels = 100_000_000

export interface PreparedRaster {
  bytes: Buffer
  size: Size
  notes: string[]
}

const names: Record<RasterFormat, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP', avif: 'AVIF' }

/**
 * A raster upload as the site serves it: decoded and encoded again in its own format (so nothing
 * of the original file but its pixels is kept: no camera data, no location, nothing appended),
 * turned upright by its orientation tag, and scaled down to the largest size the site shows that
 * kind of picture (picture-kinds.ts), so a 6 MB photo never reaches a visitor.
 */
export async function prepareRaster(bytes: Uint8Array, format: RasterFormat, kind: PictureKind): Promise<PreparedRaster> {
  const open = () => sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' })
  let declared: Metadata
  try {
    declared = await open().metadata()
  } catch (error) {
    throw refusalOf(error, format)
  }
  const box = storedBox(kind)
  let encoded: { data: Buffer; info: OutputInfo }
  try {
    encoded = await encode(open().autoOrient().resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true }), format).toBuffer({
      resolveWithObject: true,
    })
  } catch (error) {
    throw refusalOf(error, format)
  }
  const size = { width: encoded.info.width, height: encoded.info.height }
  const original = uprightSize(declared)
  const notes = [
    original.width !== size.width || original.height !== size.height
      ? `Scaled down from ${original.width} × ${original.height} to ${size.width} × ${size.height} px, twice the largest size the site shows ${kind === 'logo' ? 'a logo' : 'a picture'} at (enough for sharp screens).`
      : `Kept at ${size.width} × ${size.height} px.`,
    `Saved again as ${names[format]} without the original's metadata (camera, location).`,
  ]
  if ((declared.pages ?? 1) > 1) notes.push('Only the first frame of the animation is kept.')
  return { bytes: encoded.data, size, notes }
}

function encode(image: Sharp, format: RasterFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 82, mozjpeg: true })
    case 'png':
      return image.png({ compressionLevel: 9 })
    case 'webp':
      return image.webp({ quality: 82 })
    case 'avif':
      return image.avif({ quality: 60 })
  }
}

/** The size as a person sees it: orientations 5 to 8 turn the picture a quarter, swapping its sides. */
function uprightSize(metadata: Metadata): Size {
  const turned = (metadata.orientation ?? 1) >= 5
  return turned ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height }
}

function refusalOf(error: unknown, format: RasterFormat): MediaRefusal {
  const message = error instanceof Error ? error.message : String(error)
  if (/pixel limit/i.test(message)) {
    return new MediaRefusal(
      413,
      `This picture declares more than ${maxInputPixels / 1_000_000} million pixels, far more than any page shows; it was not opened. Scale it down (to 4000 px across at most) and upload it again.`,
    )
  }
  return new MediaRefusal(422, `This ${names[format]} file is damaged and cannot be read (${message}). Export it again and upload the new file.`)
}
