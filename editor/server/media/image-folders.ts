import fs from 'node:fs'
import path from 'node:path'
import { MediaRefusal } from './media-refusal.ts'
import type { PictureFolder } from './picture-folder.ts'
import { pictureTypes, type PictureFormat } from './picture-types.ts'

/** Where a site's pictures live, inside its public folder. */
const imagesDir = (publicDir: string) => path.join(publicDir, 'images')

/**
 * The folders an upload may go to: public/images itself ('') and every folder under it, as
 * `partners` or `blog/2024`. Read from the disk each time, so the list is the site's own; an
 * upload names one of these exactly, and the file is written there by this list's entry, never
 * by a path from the request.
 */
export function imageFolders(publicDir: string): string[] {
  const root = imagesDir(publicDir)
  if (!fs.existsSync(root)) return ['']
  const folders = fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
  return ['', ...folders.sort()]
}

/**
 * A file name for an upload: the name it was sent with, cut to its last part (no folders, whichever
 * slash they use, even percent-encoded), without its extension, in lowercase letters, digits and
 * single dashes ("Logo Ünïcode (1).PNG" → "logo-unicode-1"), or "picture" when nothing is left.
 */
export function slugOf(sentName: string): string {
  let name = sentName
  try {
    name = decodeURIComponent(name)
  } catch {
    // Not percent-encoded after all: the name as it came.
  }
  const lastPart = name.split(/[/\\]/).pop() ?? ''
  const stem = lastPart.includes('.') ? lastPart.slice(0, lastPart.lastIndexOf('.')) : lastPart
  const slug = stem
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return slug || 'picture'
}

/** A folder an upload may go to, found in imageFolders' list (the request only picks an entry of it). */
export interface UploadFolder {
  /** As listed: '' or `partners`. */
  name: string
}

export function uploadFolder(publicDir: string, requested: string): UploadFolder {
  const name = imageFolders(publicDir).find((folder) => folder === requested)
  if (name === undefined) throw new MediaRefusal(400, `There is no folder "${requested}" under public/images/ to upload to. Choose one of the library’s folders.`)
  return { name }
}

/**
 * Writes the bytes as `<slug>.<ext>` in the folder, or `<slug>-2.<ext>`, `-3`… when a file of that
 * name exists: never over another file, and whole or not at all (PictureFolder.create). Returns
 * the site path.
 */
export async function storeUnderFreeName(pictures: PictureFolder, { name: folder }: UploadFolder, slug: string, format: PictureFormat, bytes: Uint8Array): Promise<string> {
  for (let number = 1; ; number++) {
    const src = `/images/${folder ? `${folder}/` : ''}${slug}${number === 1 ? '' : `-${number}`}.${pictureTypes[format].extension}`
    if (await pictures.create(src.slice(1), bytes)) return src
  }
}
