import type { SiteConfig } from '../../../site/generated/site-config.ts'

/**
 * The two ways the site shows a picture. They decide how large a stored file needs to be and,
 * when an image field gets another picture, which of its width and height the config keeps.
 * No Node here: the editor in the browser sizes a picked picture by the same rules.
 */
export const PICTURE_KINDS = ['logo', 'picture'] as const
export type PictureKind = (typeof PICTURE_KINDS)[number]

export interface Size {
  width: number
  height: number
}

interface KindRule {
  /** The largest box the site draws this kind in, in CSS pixels. */
  shown: Size
  /** The side the site fixes; the other follows the picture's own proportions. */
  fixedSide: 'width' | 'height'
}

const pictureKinds: Record<PictureKind, KindRule> = {
  // The header draws the logo at most 56 px high (its 72 px bar less padding), a logo strip at
  // 48 px (3rem), and the site's logos are written 60 px high; the width follows the logo, so a
  // wordmark may be wide.
  logo: { shown: { width: 480, height: 60 }, fixedSide: 'height' },
  // A text section's picture fills its column (50rem = 800 px in one column, less in two), a blog
  // card's picture its card; the height follows the width.
  picture: { shown: { width: 800, height: 800 }, fixedSide: 'width' },
}

/** Screens with two device pixels per CSS pixel need twice the size for a sharp picture; more is wasted on every visitor. */
const densityServed = 2

/** The largest file kept for a kind: an upload beyond it is scaled down to fit. */
export function storedBox(kind: PictureKind): Size {
  const { shown } = pictureKinds[kind]
  return { width: shown.width * densityServed, height: shown.height * densityServed }
}

/** Where the site shows a picture as a logo: the site settings' logo and the logos of logo strips. Everywhere else it fills a width. */
const logoSetting = 'logo'
const logoBlockTypes = new Set(['logoStrip'])

/** The kind of picture at a place of the config (an image object's path, or its `src`'s). */
export function pictureKindAt(config: SiteConfig, path: readonly (string | number)[]): PictureKind {
  if (path[0] === 'site') return path[1] === logoSetting ? 'logo' : 'picture'
  if (path[0] === 'routes' && path[2] === 'blocks') {
    const block = config.routes[path[1] as number]?.blocks[path[3] as number]
    if (block && logoBlockTypes.has(block.type)) return 'logo'
  }
  return 'picture'
}

/**
 * The width and height to write for a new picture in an image field, so the page keeps its
 * layout. The site fixes one side of each kind (a logo's height, a picture's width): when the field
 * already showed a picture at a chosen size, that side stays and the other follows the new
 * picture's proportions, so swapping a logo keeps the strip's height and swapping a photo keeps the
 * column's width. Without such a size (a new field), the picture's own size, scaled down to the
 * largest box the site draws the kind in. A width or height of 1 is the form's placeholder (the
 * schema's minimum), not a size anyone chose.
 */
export function sizeToShow(picture: Size, previous: { src?: unknown; width?: unknown; height?: unknown }, kind: PictureKind): Size {
  const ratio = picture.width / picture.height
  const chosen = (side: unknown): side is number => typeof previous.src === 'string' && previous.src !== '' && typeof side === 'number' && side > 1
  const rule = pictureKinds[kind]
  if (rule.fixedSide === 'height' && chosen(previous.height)) return { width: atLeastOne(previous.height * ratio), height: previous.height }
  if (rule.fixedSide === 'width' && chosen(previous.width)) return { width: previous.width, height: atLeastOne(previous.width / ratio) }
  const scale = Math.min(1, rule.shown.width / picture.width, rule.shown.height / picture.height)
  return { width: atLeastOne(picture.width * scale), height: atLeastOne(picture.height * scale) }
}

const atLeastOne = (pixels: number) => Math.max(1, Math.round(pixels))
