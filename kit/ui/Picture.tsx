import type { Image } from '../../site/generated/site-config'
import { derivedFormats, srcsetOf } from '../../site/derived-pictures'
import { sizesFor, type PictureSlot } from '../../site/picture-slots'
import { derivedPictureOf, isLcpPicture } from '../config'
import classes from './Picture.module.css'

interface PictureProps {
  image: Image
  /** Where the block shows it (site/picture-slots.ts): how wide it is drawn on each screen. */
  slot: PictureSlot
  className?: string | undefined
  /** The alt text to read, when not the image's own ('' for a repeated copy). */
  alt?: string | undefined
  /** How a picture loads that is not the page's first screen's: lazily unless said otherwise. */
  loading?: 'lazy' | 'eager' | undefined
  fetchPriority?: 'high' | 'low' | 'auto' | undefined
}

/**
 * A block's picture: the `<img>` of the original with its width and height (no layout shift),
 * and, when the content build derived it, AVIF and WebP sources in the slot's widths, from which
 * the browser takes the smallest sharp one. The page's first screen's main picture loads at once
 * and first. Plain markup with no state: the same on the server and in the browser, no script needed.
 */
export function Picture({ image, slot, className, alt = image.alt, loading = 'lazy', fetchPriority }: PictureProps) {
  const first = isLcpPicture(image.src)
  const img = (
    <img
      className={className}
      src={image.src}
      alt={alt}
      width={image.width}
      height={image.height}
      decoding={first ? undefined : 'async'}
      loading={first || loading === 'eager' ? undefined : 'lazy'}
      fetchPriority={first ? 'high' : fetchPriority}
    />
  )
  const derived = derivedPictureOf(image.src)
  if (!derived) return img
  const sizes = sizesFor(slot, derived)
  return (
    <picture className={classes.picture}>
      {derivedFormats.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcsetOf(derived, format)} sizes={sizes} />
      ))}
      {img}
    </picture>
  )
}
