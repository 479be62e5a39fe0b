import type { Block } from './generated/site-config.ts'
import { lcpPictureOf, pictureUsesOf } from './picture-slots.ts'

/** The formats the content build encodes each raster picture in, best first: a browser takes the first `<source>` it can show. */
export const derivedFormats = ['avif', 'webp'] as const
export type DerivedFormat = (typeof derivedFormats)[number]

/** What the content build made of one raster picture (its `src`): the picture's own size and the widths it was encoded at. */
export interface DerivedPicture {
  /** The original's size in pixels, upright. */
  width: number
  height: number
  /** The encoded widths, smallest first. */
  widths: number[]
  /** The derived files' names up to their width: `${base}-${width}w.${format}`. */
  base: string
}

/** The derived pictures of a site by their original's `src`. */
export type DerivedPictures = Record<string, DerivedPicture>

/** The pictures' facts a page renders with: its own pictures' derived files, and its first screen's main picture. */
export interface PagePictures {
  derived: DerivedPictures
  lcp?: string
}

/** The folder the derived files are served from: under /assets/, which the server and nginx cache for a year, as the names carry a content hash. */
export const derivedPicturesFolder = 'assets/pictures'

export const derivedFileOf = (picture: Pick<DerivedPicture, 'base'>, width: number, format: DerivedFormat): string => `${picture.base}-${width}w.${format}`

export const srcsetOf = (picture: DerivedPicture, format: DerivedFormat): string => picture.widths.map((width) => `${derivedFileOf(picture, width, format)} ${width}w`).join(', ')

/** The pictures' facts of the given blocks (of one page), or undefined when they show no picture at all. */
export function pagePicturesOf(blocks: readonly Block[], derived: DerivedPictures = {}): PagePictures | undefined {
  const own = Object.fromEntries(pictureUsesOf(blocks).flatMap(({ image }) => (derived[image.src] ? [[image.src, derived[image.src]!] as const] : [])))
  const lcp = lcpPictureOf(blocks)
  if (!lcp && Object.keys(own).length === 0) return undefined
  return { derived: own, ...(lcp ? { lcp } : {}) }
}
