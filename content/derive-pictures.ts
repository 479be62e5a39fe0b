import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pLimit from 'p-limit'
import sharp, { type Sharp } from 'sharp'
import type { Block } from '../site/generated/site-config.ts'
import { derivedFileOf, derivedFormats, derivedPicturesFolder, type DerivedFormat, type DerivedPicture, type DerivedPictures } from '../site/derived-pictures.ts'
import { derivedWidthsFor, pictureUsesOf, type PictureSlot } from '../site/picture-slots.ts'

/**
 * The encoders' settings; part of every derived file's name, so new settings never meet a file
 * encoded with the old. AVIF at effort 2, not sharp's default 4: on a 1440 × 900 picture's four
 * widths it took 0.6 s instead of 3.8 s for 7 % more bytes, and a publish after an upload waits for it.
 */
const encoderSettings = { avif: { quality: 50, effort: 2 }, webp: { quality: 75, effort: 4 } } as const satisfies Record<DerivedFormat, object>
/** Raster pictures only: an SVG is drawn at any size as it is. */
const raster = /\.(png|jpe?g|webp|avif)$/i
/**
 * The most pixels a picture may declare, as for an upload (editor/server/media/raster-image.ts): a
 * picture claiming more (a few bytes of PNG saying 50000 × 50000) is not decoded at all.
 */
const maxInputPixels = 100_000_000

export interface DerivePicturesOptions {
  /** Every page's blocks. */
  blocks: Block[]
  /** The site being built, holding the originals (linked in from public/ and the uploads) and where the derived files go. */
  siteDir: string
  /** Encoded files by content hash, kept between builds: a picture met before is not encoded again. */
  cacheDir: string
  /** A site built before whose derived files (same names, same bytes) may be linked rather than encoded. */
  earlierDir?: string | undefined
  /** Told of a picture that cannot be derived (corrupt, too large): it is shown as it is. */
  warn: (message: string) => void
}

export interface DerivedPicturesResult {
  derived: DerivedPictures
  /** The derived files, relative to the site. */
  files: string[]
  /** Files encoded by this build (the others came from the cache or the earlier site). */
  encoded: number
}

/** The slots each raster picture is shown in, by its `src`. */
function slotsBySrc(blocks: Block[]): Map<string, Set<PictureSlot>> {
  const slots = new Map<string, Set<PictureSlot>>()
  for (const { image, slot } of pictureUsesOf(blocks)) if (raster.test(image.src)) (slots.get(image.src) ?? slots.set(image.src, new Set()).get(image.src)!).add(slot)
  return slots
}

/** A link (a copy across file systems) in place of any old file, never a write into it: it may be shared with another version's folder. */
function placeFile(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true })
  fs.rmSync(to, { force: true })
  try {
    fs.linkSync(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
    fs.copyFileSync(from, to)
  }
}

/**
 * Encodes each raster picture the blocks show in AVIF and WebP at the widths of its slots
 * (site/picture-slots.ts), into `siteDir/assets/pictures/`, named after its path, its bytes' hash
 * and the encoders' settings. An encoded file is kept in `cacheDir` under that hash, so a build
 * whose pictures did not change encodes nothing. Encoding runs in the content build's own process
 * (never the server's), one file at a time, at the build's lower priority. A picture that cannot
 * be decoded is left out with a warning and shown as it is; the build goes on.
 */
export async function derivePictures({ blocks, siteDir, cacheDir, earlierDir, warn }: DerivePicturesOptions): Promise<DerivedPicturesResult> {
  let encoded = 0
  // One file at a time: sharp spreads each over a thread per core already, and more at once would only crowd the cores.
  const limit = pLimit(1)
  const settingsHash = JSON.stringify(encoderSettings)
  const notResized = (src: string, error: unknown) => warn(`The picture ${src} was not resized (${(error as Error).message}): it is shown as it is.`)

  /** One file of `picture`: linked from the earlier site or the cache, else encoded into the cache first. */
  async function placeDerived(open: () => Sharp, picture: DerivedPicture, hash: string, width: number, format: DerivedFormat): Promise<string> {
    const file = derivedFileOf(picture, width, format).slice(1)
    const target = path.join(siteDir, file)
    const earlier = earlierDir && path.join(earlierDir, file)
    if (earlier && fs.existsSync(earlier)) {
      placeFile(earlier, target)
      return file
    }
    const cached = path.join(cacheDir, `${hash}-${width}w.${format}`)
    if (!fs.existsSync(cached)) {
      const body = await limit(() => open().resize({ width, withoutEnlargement: true })[format](encoderSettings[format]).toBuffer())
      fs.mkdirSync(cacheDir, { recursive: true })
      // Whole under another name first: two builds at once never read half a file.
      const partial = `${cached}.${process.pid}`
      fs.writeFileSync(partial, body)
      fs.renameSync(partial, cached)
      encoded += 1
    }
    placeFile(cached, target)
    return file
  }

  async function derive(src: string, slots: Set<PictureSlot>): Promise<{ src: string; picture: DerivedPicture; files: string[] } | undefined> {
    let bytes: Buffer
    try {
      bytes = await fs.promises.readFile(path.join(siteDir, ...src.slice(1).split('/')))
    } catch {
      warn(`The picture ${src} is not in the site: it is shown as it is named.`)
      return undefined
    }
    const open = () => sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' }).autoOrient()
    try {
      const { width, height, autoOrient } = await sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' }).metadata()
      const size = autoOrient ?? { width, height }
      if (width * height > maxInputPixels) throw new Error(`${width} × ${height} pixels is more than ${maxInputPixels} pixels`)
      const hash = createHash('sha256').update(bytes).update(settingsHash).digest('hex').slice(0, 12)
      const widths = [...new Set([...slots].flatMap((slot) => derivedWidthsFor(slot, size)))].sort((a, b) => a - b)
      const picture: DerivedPicture = { ...size, widths, base: `/${derivedPicturesFolder}${src.replace(/\.[^./]+$/, '')}-${hash}` }
      const files = await Promise.all(widths.flatMap((width) => derivedFormats.map((format) => placeDerived(open, picture, hash, width, format))))
      return { src, picture, files }
    } catch (error) {
      notResized(src, error)
      return undefined
    }
  }

  const results = await Promise.all([...slotsBySrc(blocks)].map(([src, slots]) => derive(src, slots)))
  const done = results.filter((result) => result !== undefined)
  return { derived: Object.fromEntries(done.map(({ src, picture }) => [src, picture])), files: done.flatMap((result) => result.files), encoded }
}
