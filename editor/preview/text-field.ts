/** A place in a block: ['heading'], ['cards', 2, 'title']. */
type FieldPath = (string | number)[]

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

/**
 * The field of the text clicked in a block's rendering: what the clicked element says itself, then
 * all of its text, then the same for each element around it up to the block's own wrapper; [] (the
 * block as a whole) when the click was on no text of the block.
 */
export function fieldAtClick(target: Element, blockWrapper: Element, block: unknown): FieldPath {
  for (let element: Element | null = target; element && element !== blockWrapper; element = element.parentElement) {
    const field = fieldOfText(block, ownWords(element)) ?? fieldOfText(block, element.textContent ?? '')
    if (field) return field
  }
  return []
}
