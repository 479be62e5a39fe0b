import type { FieldPath } from './preview-message'

/** Text as a reader sees it: runs of white space are one space, none at the ends. */
const asShown = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Every string in a value, with its place, in the order of the value. */
function* stringsIn(value: unknown, path: FieldPath = []): Generator<[FieldPath, string]> {
  if (typeof value === 'string') yield [path, asShown(value)]
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* stringsIn(item, [...path, index])
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* stringsIn(item, [...path, key])
}

/** Shorter than this, a text found inside a longer one says too little about which it is. */
const MIN_PART_LENGTH = 3

/**
 * The place in a block of the text a reader sees: the string equal to it (the deepest one when
 * several are, as a card's title is more particular than a heading of the same words), else the
 * shortest string that contains it (a part of a longer text, such as a highlighted phrase in a
 * title); null when no string of the block shows it.
 */
export function fieldOfText(block: unknown, text: string): FieldPath | null {
  const wanted = asShown(text)
  if (!wanted) return null
  let equal: FieldPath | null = null
  let containing: [FieldPath, string] | null = null
  for (const [path, value] of stringsIn(block)) {
    if (value === wanted) {
      if (!equal || path.length > equal.length) equal = path
    } else if (wanted.length >= MIN_PART_LENGTH && value.includes(wanted) && (!containing || value.length < containing[1].length)) {
      containing = [path, value]
    }
  }
  return equal ?? containing?.[0] ?? null
}

/** What an element itself says: its own text nodes (not its children's), or a picture's alternative text. */
const ownWords = (element: Element) =>
  element instanceof HTMLImageElement
    ? element.alt
    : [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join(' ')

const allWords = (element: Element) => element.textContent ?? ''

/** Every string of the block equal to the text, in the block's order. */
const equalStrings = (block: unknown, text: string) => [...stringsIn(block)].filter(([, value]) => value === asShown(text)).map(([path]) => path)

/**
 * Which of several equal strings an element shows: a block renders its lists in their order, so
 * the third element of the block saying "Learn more" shows the third such string (a card's link,
 * a slide's heading). Only when the block shows each of them once; else the deepest (fieldOfText).
 */
function twinOf(element: Element, blockWrapper: Element, block: unknown, words: (element: Element) => string): FieldPath | null {
  const text = asShown(words(element))
  if (!text) return null
  const equal = equalStrings(block, text)
  if (equal.length < 2) return null
  // Counted where the text is written, not again for each box around it.
  const twins = [...blockWrapper.querySelectorAll('*')].filter(
    (candidate) => asShown(words(candidate)) === text && (words === ownWords || ![...candidate.children].some((child) => asShown(words(child)) === text)),
  )
  return twins.length === equal.length ? equal[twins.indexOf(element)]! : null
}

/** The text clicked, and the element whose words were matched. */
interface Matched {
  field: FieldPath
  element: Element
}

function matchAtClick(target: Element, blockWrapper: Element, block: unknown): Matched | null {
  for (let element: Element | null = target; element && element !== blockWrapper; element = element.parentElement) {
    for (const words of [ownWords, allWords]) {
      const field = twinOf(element, blockWrapper, block, words) ?? fieldOfText(block, words(element))
      if (field) return { field, element }
    }
  }
  return null
}

/**
 * The field of the text clicked in a block's rendering: what the clicked element says itself, then
 * all of its text, then the same for each element around it up to the block's own wrapper; [] (the
 * block as a whole) when the click was on no text of the block.
 */
export const fieldAtClick = (target: Element, blockWrapper: Element, block: unknown): FieldPath => matchAtClick(target, blockWrapper, block)?.field ?? []

/** The string at a place in a block, if a string is there. */
function stringAt(block: unknown, field: FieldPath): string | undefined {
  const value = field.reduce<unknown>((inside, key) => (inside as Record<string | number, unknown> | undefined)?.[key], block)
  return typeof value === 'string' ? value : undefined
}

/** The index in `raw` of the character at index `shown` of asShown(raw). */
function rawIndex(raw: string, shown: number): number {
  const lead = raw.length - raw.trimStart().length
  let count = 0
  // A run of white space shows as one space, any other character as itself.
  for (const match of raw.slice(lead).matchAll(/\s+|\S/g)) {
    if (count >= shown) return lead + match.index
    count++
  }
  return raw.length
}

/** A point in the page's text: a node and an offset in it, as the browser reports the caret under the pointer. */
export interface TextPoint {
  node: Node
  offset: number
}

/**
 * The field of the text clicked, and where in its string the click was (`caret`, an index), so the
 * field opens with the caret where the author pointed. No caret when the place cannot be told: a
 * picture's alternative text, or words that are not one stretch of the field's string.
 */
export function placeAtClick(target: Element, blockWrapper: Element, block: unknown, point: TextPoint | null): { field: FieldPath; caret?: number } {
  const matched = matchAtClick(target, blockWrapper, block)
  if (!matched) return { field: [] }
  const { field, element } = matched
  const raw = stringAt(block, field)
  if (raw === undefined || !point || element instanceof HTMLImageElement || !element.contains(point.node)) return { field }
  const shownElement = asShown(allWords(element))
  const start = asShown(raw).indexOf(shownElement)
  if (start < 0) return { field }
  const before = document.createRange()
  before.setStart(element, 0)
  before.setEnd(point.node, point.offset)
  const typedBefore = before.toString().replace(/\s+/g, ' ').trimStart().length
  return { field, caret: rawIndex(raw, start + Math.min(typedBefore, shownElement.length)) }
}
