import { fileTypeFromBuffer } from 'file-type'
import { MediaRefusal } from './media-refusal.ts'

/** The picture formats the site takes, each with the extension its files get. */
export const pictureFormats = { png: 'png', jpeg: 'jpg', webp: 'webp', avif: 'avif', svg: 'svg' } as const
export type PictureFormat = keyof typeof pictureFormats
export type RasterFormat = Exclude<PictureFormat, 'svg'>

const acceptedWords = 'PNG, JPEG, WebP, AVIF or SVG'

/** file-type's names of the raster formats the site takes. */
const rasterByMime = new Map<string, RasterFormat>([
  ['image/png', 'png'],
  ['image/jpeg', 'jpeg'],
  ['image/webp', 'webp'],
  ['image/avif', 'avif'],
])

/**
 * The format of an upload, from its bytes: a file's name and the browser's type are only what the
 * sender says. Raster formats by their signature (file-type); SVG is text without one, so any text,
 * or a file-type "xml" (an `<?xml` prolog), is handed on as a candidate SVG, which prepareSvg then
 * parses and refuses unless it is well-formed XML with an <svg> root.
 */
export async function detectFormat(bytes: Uint8Array): Promise<PictureFormat> {
  const detected = await fileTypeFromBuffer(bytes)
  const raster = detected && rasterByMime.get(detected.mime)
  if (raster) return raster
  if (!detected || detected.ext === 'xml') return 'svg'
  throw new MediaRefusal(415, `This file is ${describe(detected)}, not a picture the site can show. Upload a ${acceptedWords} file.`)
}

const programs = new Set(['application/x-elf', 'application/x-msdownload', 'application/x-mach-binary'])

/** What a refused file is, in words an author knows. */
function describe({ ext, mime }: { ext: string; mime: string }): string {
  if (programs.has(mime)) return 'a program'
  if (ext === 'gif') return 'a GIF (save it as PNG or WebP)'
  return `a .${ext} file`
}

export const notAPicture = `This file is not a picture the site can show. Upload a ${acceptedWords} file.`
