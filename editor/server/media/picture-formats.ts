import { fileTypeFromBuffer } from 'file-type'
import { MediaRefusal } from './media-refusal.ts'
import { pictureTypes, type PictureFormat } from './picture-types.ts'

export type { PictureFormat }
export type RasterFormat = Exclude<PictureFormat, 'svg'>

const acceptedWords = 'PNG, JPEG, WebP, AVIF or SVG'

/** file-type's names of the raster formats the site takes. */
const rasterByMime = new Map(
  Object.entries(pictureTypes)
    .filter(([format]) => format !== 'svg')
    .map(([format, { mime }]) => [mime as string, format as RasterFormat]),
)

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
