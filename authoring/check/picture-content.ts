import fs from 'node:fs'

/** How much of a picture is read: enough for every signature below and for an SVG's root element. */
const headBytes = 4096

const rasterSignatures: Array<[format: string, matches: (head: Buffer) => boolean]> = [
  ['PNG', (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['JPEG', (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff],
  ['GIF', (head) => /^GIF8[79]a/.test(head.toString('latin1', 0, 6))],
  ['WebP', (head) => head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP'],
  ['AVIF', (head) => head.toString('latin1', 4, 8) === 'ftyp' && /avi[fs]/.test(head.toString('latin1', 8, 32))],
  ['ICO', (head) => head.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0]))],
]

const svgNamespace = 'http://www.w3.org/2000/svg'

/**
 * Why a picture file in public/ cannot be shown, or undefined when it can. Browsers read a raster
 * picture (PNG, JPEG, WebP, AVIF, GIF, ICO) by its first bytes, whatever its name ends in; an .svg
 * is served as image/svg+xml and must be SVG text whose root element is in the SVG namespace
 * (without xmlns an <img> shows nothing). Magic numbers rather than the file-type package, whose
 * reading is asynchronous where the checker is not (the dev overlay and the editor call it per keystroke).
 */
export function pictureFault(file: string, extension: string): string | undefined {
  const head = readHead(file)
  if (head.length === 0) return 'the file is empty'
  const raster = rasterSignatures.find(([, matches]) => matches(head))?.[0]
  const text = head.toString('utf8')
  const isHtml = /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype html|html)[\s>]/i.test(text)
  if (extension === 'svg') {
    if (raster) return `it holds a ${raster} picture, not SVG text: give it the ending of its format`
    if (isHtml) return 'it is a web page (HTML), not SVG'
    const root = /<svg\b[^>]*>/i.exec(text)?.[0]
    if (!root) return 'it holds no <svg> element'
    if (!root.includes(svgNamespace)) return `its <svg> element lacks xmlns="${svgNamespace}", without which browsers show nothing`
    return undefined
  }
  if (raster) return undefined
  if (isHtml) return 'it is a web page (HTML), not a picture'
  if (/<svg\b/i.test(text)) return 'it is SVG text: name it .svg'
  return 'its content is not PNG, JPEG, WebP, AVIF, GIF or ICO'
}

function readHead(file: string): Buffer {
  const descriptor = fs.openSync(file, 'r')
  try {
    const buffer = Buffer.alloc(headBytes)
    return buffer.subarray(0, fs.readSync(descriptor, buffer, 0, headBytes, 0))
  } finally {
    fs.closeSync(descriptor)
  }
}
