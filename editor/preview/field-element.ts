import type { FieldPath } from './preview-message'
import { EDITOR_PICTURES } from '../server/media/picture-address'

const asShown = (text: string) => text.replace(/\s+/g, ' ').trim()

const valueAt = (block: unknown, field: FieldPath) => field.reduce<unknown>((inside, key) => (inside as Record<string | number, unknown> | undefined)?.[key], block)

/** Whether the element is laid out (not display: none, as a logo strip's repeated logos are when it stands still); jsdom cannot tell. */
const isShown = (element: Element) => element.checkVisibility?.() ?? true

/** The innermost shown element whose words (or a picture's alternative text) are the text. */
function elementSaying(blockWrapper: Element, text: string): Element | null {
  const wanted = asShown(text)
  const says = (element: Element) => asShown(element instanceof HTMLImageElement ? element.alt : (element.textContent ?? '')) === wanted
  const holders = [...blockWrapper.querySelectorAll('*')].filter((element) => says(element) && ![...element.children].some(says))
  return holders.find(isShown) ?? null
}

/** The first shown picture of the block at this address. */
const pictureAt = (blockWrapper: Element, src: string) => [...blockWrapper.querySelectorAll('img')].find((image) => image.getAttribute('src') === src && isShown(image)) ?? null

/**
 * The element of a block's rendering that shows the field at `field`, for the preview to point
 * it out: a text by its words; a picture (or any other part of one: its alternative text, its
 * size) by its address, as where a logo added to a strip lands among the others. Null when the
 * block shows no such thing (an empty field, a setting that is no text).
 */
export function elementOfField(blockWrapper: Element, block: unknown, field: FieldPath): Element | null {
  const value = valueAt(block, field)
  if (typeof value === 'string' && value.trim() && !value.startsWith(EDITOR_PICTURES)) {
    const saying = elementSaying(blockWrapper, value)
    if (saying) return saying
  }
  for (let length = field.length; length >= 0; length--) {
    const holder = valueAt(block, field.slice(0, length))
    const src = typeof holder === 'string' && holder.startsWith(EDITOR_PICTURES) ? holder : (holder as { src?: unknown } | null)?.src
    if (typeof src === 'string' && src) return pictureAt(blockWrapper, src)
  }
  return null
}
