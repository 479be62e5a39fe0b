/**
 * The pixels that differ between a page's screenshot before and after, drawn for a person: the
 * new page faded to grey, the changed pixels red, and the places around them highlighted so a
 * one-word change is found on a long page shown small. Images for the report are WebP (JPEG when
 * a full page is taller than WebP allows), as data: URIs.
 */
import pixelmatch from 'pixelmatch'
import sharp, { type Sharp } from 'sharp'

export interface EncodedImage {
  uri: string
  width: number
  height: number
}

export interface PixelDiff {
  changed: number
  total: number
  /** The changed pixels drawn; none when no pixel changed. */
  image?: EncodedImage
  /**
   * The band of the page around the changes, before, after and drawn, at full size: on a page
   * 9,000 px long a one-word change is a few pixels of the whole, so the report shows this first.
   */
  closeUp?: CloseUp
}

interface CloseUp {
  /** Where the band starts on the page, in pixels from the top. */
  top: number
  before: EncodedImage
  after: EncodedImage
  diff: EncodedImage
}

// Where one screenshot is shorter or narrower than the other: a colour no page uses, so the
// missing part counts as changed and shows as "nothing here".
const PADDING = { r: 255, g: 0, b: 255, alpha: 1 }
const CHANGED: [number, number, number] = [255, 0, 0]
// Anti-aliasing differences, which are not counted: drawn as faint as the faded page.
const ANTI_ALIASED: [number, number, number] = [200, 200, 200]
const HIGHLIGHT = [255, 214, 0]
const HIGHLIGHT_OPACITY = 0.45
const CELL = 16
const WEBP_MAX_SIDE = 16383
// The close-up: this much of the page above and below the changes, and at most this tall (a change
// spread further is shown from its first changed row).
const CLOSE_UP_MARGIN = 160
const CLOSE_UP_MAX_HEIGHT = 1000

export async function encodeImage(image: Sharp): Promise<EncodedImage> {
  const { width = 0, height = 0 } = await image.metadata()
  const webp = Math.max(width, height) <= WEBP_MAX_SIDE
  const data = await (webp ? image.webp({ quality: 70, effort: 2 }) : image.jpeg({ quality: 75, mozjpeg: true })).toBuffer()
  return { uri: `data:image/${webp ? 'webp' : 'jpeg'};base64,${data.toString('base64')}`, width, height }
}

/**
 * Tints the neighbourhood (a cell each side) of every 16-pixel cell with a changed pixel in it.
 * Returns the first and last pixel rows with a change (undefined when none was drawn).
 */
function highlightChanges(pixels: Buffer, width: number, height: number): { first: number; last: number } | undefined {
  const columns = Math.ceil(width / CELL)
  const rows = Math.ceil(height / CELL)
  const changedCells = new Uint8Array(columns * rows)
  const span: { first?: number; last: number } = { last: 0 }
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4
      if (pixels[at] === CHANGED[0] && pixels[at + 1] === CHANGED[1] && pixels[at + 2] === CHANGED[2]) {
        changedCells[Math.floor(y / CELL) * columns + Math.floor(x / CELL)] = 1
        span.first ??= y
        span.last = y
      }
    }
  const marked = new Uint8Array(columns * rows)
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++) {
      if (!changedCells[row * columns + column]) continue
      for (let r = Math.max(0, row - 1); r <= Math.min(rows - 1, row + 1); r++)
        for (let c = Math.max(0, column - 1); c <= Math.min(columns - 1, column + 1); c++) marked[r * columns + c] = 1
    }
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!marked[Math.floor(y / CELL) * columns + Math.floor(x / CELL)]) continue
      const at = (y * width + x) * 4
      if (pixels[at] === CHANGED[0] && pixels[at + 1] === CHANGED[1] && pixels[at + 2] === CHANGED[2]) continue
      for (let channel = 0; channel < 3; channel++) pixels[at + channel] = Math.round(pixels[at + channel]! * (1 - HIGHLIGHT_OPACITY) + HIGHLIGHT[channel]! * HIGHLIGHT_OPACITY)
    }
  return span.first === undefined ? undefined : { first: span.first, last: span.last }
}

/** The same band cut out of the three pictures (raw RGBA of one size). */
async function closeUpOf(changedRows: { first: number; last: number }, pictures: { before: Buffer; after: Buffer; diff: Buffer }, width: number, height: number): Promise<CloseUp> {
  const top = Math.max(0, changedRows.first - CLOSE_UP_MARGIN)
  const bottom = Math.min(height, changedRows.last + 1 + CLOSE_UP_MARGIN, top + CLOSE_UP_MAX_HEIGHT)
  const cut = async (pixels: Buffer) =>
    encodeImage(
      sharp(
        await sharp(pixels, { raw: { width, height, channels: 4 } })
          .extract({ left: 0, top, width, height: bottom - top })
          .png()
          .toBuffer(),
      ),
    )
  const [before, after, diff] = await Promise.all([cut(pictures.before), cut(pictures.after), cut(pictures.diff)])
  return { top, before, after, diff }
}

/** Compares two PNG screenshots, the smaller padded to the larger's size. */
export async function diffScreenshots(before: Buffer, after: Buffer): Promise<PixelDiff> {
  const [beforeSize, afterSize] = await Promise.all([sharp(before).metadata(), sharp(after).metadata()])
  const width = Math.max(beforeSize.width, afterSize.width)
  const height = Math.max(beforeSize.height, afterSize.height)
  const padded = (png: Buffer, size: { width: number; height: number }) =>
    sharp(png)
      .ensureAlpha()
      .extend({ right: width - size.width, bottom: height - size.height, background: PADDING })
      .raw()
      .toBuffer()
  const [beforePixels, afterPixels] = await Promise.all([padded(before, beforeSize), padded(after, afterSize)])
  const output = Buffer.alloc(width * height * 4)
  // The 'after' first: pixelmatch draws its first image, faded, under the changed pixels.
  const changed = pixelmatch(afterPixels, beforePixels, output, width, height, { threshold: 0.1, alpha: 0.3, diffColor: CHANGED, aaColor: ANTI_ALIASED })
  if (changed === 0) return { changed, total: width * height }
  const changedRows = highlightChanges(output, width, height)
  const [image, closeUp] = await Promise.all([
    encodeImage(sharp(output, { raw: { width, height, channels: 4 } })),
    changedRows ? closeUpOf(changedRows, { before: beforePixels, after: afterPixels, diff: output }, width, height) : undefined,
  ])
  return { changed, total: width * height, image, ...(closeUp ? { closeUp } : {}) }
}
