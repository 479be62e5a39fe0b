import type { Block, Image } from './generated/site-config.ts'

/**
 * Where a block shows a picture, and how wide the layout draws it there, in CSS pixels. The
 * content build encodes each raster picture at these widths and twice them (for screens with two
 * device pixels per CSS pixel); `sizes` tells the browser which width the slot takes on its
 * screen, so it picks the smallest file that is sharp there. The figures follow the blocks' CSS:
 * a section has 20 px of padding on each side (2.5rem in all) and a content width of 75rem.
 */
interface WidthSlot {
  widths: readonly number[]
  sizes: string
  /** Can be the first screen's main picture (a block at the top of a page): see lcpPictureOf. */
  mayBeFirstScreen: boolean
}

/** A slot that fixes the height (a logo): the widths follow each picture's own proportions. */
interface HeightSlot {
  height: number
  mayBeFirstScreen: boolean
}

const pictureSlots = {
  // One column of at most 50rem (800 px), the page's width less the padding on smaller screens.
  'textSection.oneColumn': { widths: [400, 800], sizes: '(max-width: 52.5rem) calc(100vw - 2.5rem), 800px', mayBeFirstScreen: true },
  // The right-hand column (1 of 2.1 fractions of 75rem less a 40 px gap: 552 px); stacked full width below 62em.
  'textSection.twoColumns': { widths: [400, 552], sizes: '(max-width: 62em) calc(100vw - 2.5rem), 552px', mayBeFirstScreen: true },
  // Cards of at least 21rem in a grid with 28 px gaps: one column up to 46.25em, two up to 69em, then three of 381 px.
  'blogArticles.card': { widths: [381, 700], sizes: '(max-width: 46.25em) calc(100vw - 2.5rem), (max-width: 69em) calc(50vw - 2.125rem), 381px', mayBeFirstScreen: true },
  // A strip's logos are 3rem (48 px) high.
  'logoStrip.logo': { height: 48, mayBeFirstScreen: false },
} as const satisfies Record<string, WidthSlot | HeightSlot>

export type PictureSlot = keyof typeof pictureSlots

export interface PictureUse {
  image: Image
  slot: PictureSlot
}

type BlockOf<Type extends Block['type']> = Extract<Block, { type: Type }>

/** The pictures each block type shows, in the order of the page. A new block with pictures adds its line here. */
const picturesOfBlocks: { [Type in Block['type']]?: (block: BlockOf<Type>) => PictureUse[] } = {
  textSection: (block) => (block.image ? [{ image: block.image, slot: block.layout === 'twoColumns' ? 'textSection.twoColumns' : 'textSection.oneColumn' }] : []),
  blogArticles: (block) => block.articles.map((article) => ({ image: article.image, slot: 'blogArticles.card' })),
  logoStrip: (block) => block.logos.map((logo) => ({ image: logo, slot: 'logoStrip.logo' })),
}

/** The block types that show pictures (a test checks each block schema with an image has a line above). */
export const blockTypesWithPictures = Object.keys(picturesOfBlocks) as Block['type'][]

export function pictureUsesOf(blocks: readonly Block[]): PictureUse[] {
  return blocks.flatMap((block) => (picturesOfBlocks[block.type] as ((block: Block) => PictureUse[]) | undefined)?.(block) ?? [])
}

/** Device pixels per CSS pixel the build encodes for: 1× screens and the sharp 2× ones (more is wasted bytes on every visitor). */
const densities = [1, 2] as const

/**
 * The widths (in pixels) a picture of `intrinsic` size is encoded at for `slot`, smallest first:
 * each display width at 1× and 2×, never wider than the picture itself (its own width stands in
 * for the wider ones, so the sharpest file it can give is there).
 */
export function derivedWidthsFor(slot: PictureSlot, intrinsic: { width: number; height: number }): number[] {
  const rule: WidthSlot | HeightSlot = pictureSlots[slot]
  const shown = 'height' in rule ? [Math.round((rule.height * intrinsic.width) / intrinsic.height)] : rule.widths
  const wanted = shown.flatMap((width) => densities.map((density) => width * density))
  const widths = new Set(wanted.map((width) => Math.min(width, intrinsic.width)))
  return [...widths].sort((a, b) => a - b)
}

/** The `sizes` attribute of a picture of `intrinsic` size in `slot`. */
export function sizesFor(slot: PictureSlot, intrinsic: { width: number; height: number }): string {
  const rule: WidthSlot | HeightSlot = pictureSlots[slot]
  return 'height' in rule ? `${Math.round((rule.height * intrinsic.width) / intrinsic.height)}px` : rule.sizes
}

/**
 * The first screen's main picture: the first picture of the page's first block, when that block
 * shows its pictures large (a logo strip's logos are no page's main picture). It loads at once and
 * first (fetchpriority="high", not lazy); every other picture waits until it is near the screen.
 */
export function lcpPictureOf(blocks: readonly Block[]): string | undefined {
  const first = pictureUsesOf(blocks.slice(0, 1))[0]
  return first && pictureSlots[first.slot].mayBeFirstScreen ? first.image.src : undefined
}
