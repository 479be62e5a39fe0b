import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { listImages } from '../image-files.ts'
import { imageUses, inUseRefusal } from './image-uses.ts'
import { imageFolders, slugOf, storeUnderFreeName, uploadFolder } from './image-folders.ts'
import { MediaRefusal } from './media-refusal.ts'
import type { PictureFolder } from './picture-folder.ts'
import { detectFormat, type PictureFormat } from './picture-formats.ts'
import { pictureTypes } from './picture-types.ts'
import type { PictureKind, Size } from './picture-kinds.ts'
import { prepareRaster } from './raster-image.ts'
import { prepareSvg, svgFileSize } from './svg-image.ts'

/** One picture of the library, as the editor lists it. */
export interface LibraryImage {
  /** Its site path, e.g. /images/partners/fortinet.svg. */
  src: string
  /** Its folder under public/images ('' for public/images itself). */
  folder: string
  bytes: number
  /** Its own size in pixels (an SVG's from its width, height or viewBox); none when it cannot be read. */
  size?: Size
}

export interface Library {
  folders: string[]
  images: LibraryImage[]
}

/** Every picture under public/images with its file size and pixel size, and the folders an upload may go to. */
export async function listLibrary(publicDir: string): Promise<Library> {
  const images = await Promise.all(
    listImages(publicDir).map(async (src) => {
      const file = fileOf(publicDir, src)
      const bytes = fs.statSync(file).size
      return { src, folder: path.posix.dirname(src).slice('/images'.length).replace(/^\//, ''), bytes, size: await pixelSize(file) }
    }),
  )
  return { folders: imageFolders(publicDir), images }
}

export interface Upload {
  /** The name the file was sent with; only a slug of its last part is kept. */
  name: string
  /** One of imageFolders(publicDir). */
  folder: string
  /** How the site will show it, which bounds the size it is stored at. */
  kind: PictureKind
  bytes: Uint8Array
}

/**
 * Checks an upload (its format from its bytes), makes it safe and no larger than the site shows
 * it (svg-image.ts, raster-image.ts), and stores it under a free name in its folder. Throws a
 * MediaRefusal with the reason for anything else.
 */
export async function storeUpload(pictures: PictureFolder, upload: Upload): Promise<{ image: LibraryImage; notes: string[] }> {
  const folder = uploadFolder(pictures.publicDir, upload.folder)
  if (upload.bytes.length === 0) throw new MediaRefusal(400, 'The file is empty. Choose the picture again.')
  const format: PictureFormat = await detectFormat(upload.bytes)
  const prepared = format === 'svg' ? prepareSvg(upload.bytes) : await prepareRaster(upload.bytes, format, upload.kind)
  const src = await storeUnderFreeName(pictures, folder, slugOf(upload.name), format, prepared.bytes)
  const stored = path.posix.basename(src)
  const renamed = stored !== upload.name ? [`Stored as ${stored}.`] : []
  return { image: { src, folder: upload.folder, bytes: prepared.bytes.length, size: prepared.size }, notes: [...renamed, ...prepared.notes] }
}

/** The config the site is built from: the saved file (`npm run dev`) or the published version. */
export interface SavedConfig {
  label: string
  config: unknown
  published: boolean
}

/**
 * Deletes a picture no config uses: neither the unsaved one the editor sends (what the author
 * sees) nor the saved file (what the site is built from). `src` must be a picture of the library:
 * it is looked up in the list, never joined to a path as sent.
 */
export async function deleteImage(pictures: PictureFolder, src: string, unsavedConfig: unknown, saved: SavedConfig): Promise<void> {
  if (!listImages(pictures.publicDir).includes(src)) throw new MediaRefusal(404, `There is no picture ${src} in public/images/ to delete (already deleted?).`)
  const refusal = inUseRefusal(src, imageUses(unsavedConfig).get(src) ?? [], { ...saved, uses: imageUses(saved.config).get(src) ?? [] })
  if (refusal) throw new MediaRefusal(409, refusal)
  await pictures.remove(src.slice(1))
}

const fileOf = (publicDir: string, src: string) => path.join(publicDir, ...src.split('/').filter(Boolean))

async function pixelSize(file: string): Promise<Size | undefined> {
  if (file.endsWith(`.${pictureTypes.svg.extension}`)) return svgFileSize(fs.readFileSync(file, 'utf8'))
  try {
    const { width, height } = await sharp(file).metadata()
    return { width, height }
  } catch {
    return undefined
  }
}
