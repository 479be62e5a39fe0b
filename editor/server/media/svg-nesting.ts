/** How deep and how many elements an SVG holds, as its markup says. */
export interface SvgNesting {
  deepest: number
  elements: number
}

/** Where each kind of markup that may hold a `<` or a `>` of its own ends: a comment, a CDATA section, an instruction, a declaration. */
const markupEnds: Array<[opening: string, closing: string]> = [
  ['<!--', '-->'],
  ['<![CDATA[', ']]>'],
  ['<?', '?>'],
  ['<!', '>'],
]

/**
 * Counts the elements of an SVG and how deeply they nest, in one pass over its text, without
 * building a tree and without recursion: svgo's plugins walk the tree recursively, so a file
 * thousands of levels deep overflows the stack, and a file of millions of elements takes the
 * memory and the time of millions of objects, both before a plugin could refuse it. Counts as a
 * conforming XML parser sees the markup: a `>` inside a quoted attribute value does not end a tag,
 * and comments, CDATA sections and instructions hold no elements. Stops counting once `limits` is
 * passed (the answer is then only known to be over it). Malformed markup is the parser's to
 * refuse; here it can only count high, never low.
 */
export function svgNesting(text: string, limits: SvgNesting): SvgNesting {
  let depth = 0
  let deepest = 0
  let elements = 0
  let at = text.indexOf('<')
  while (at >= 0 && deepest <= limits.deepest && elements <= limits.elements) {
    const skipped = markupEnds.find(([opening]) => text.startsWith(opening, at))
    if (skipped) {
      const end = text.indexOf(skipped[1], at + skipped[0].length)
      at = end < 0 ? -1 : text.indexOf('<', end + skipped[1].length)
      continue
    }
    if (text[at + 1] === '/') {
      depth = Math.max(0, depth - 1)
      at = text.indexOf('<', at + 2)
      continue
    }
    const end = tagEnd(text, at + 1)
    elements += 1
    if (text[end - 1] !== '/') {
      depth += 1
      deepest = Math.max(deepest, depth)
    } else deepest = Math.max(deepest, depth + 1)
    at = end < 0 ? -1 : text.indexOf('<', end + 1)
  }
  return { deepest, elements }
}

/** The index of the `>` that ends the start tag whose name begins at `from`, skipping quoted attribute values; -1 when the text ends first. */
function tagEnd(text: string, from: number): number {
  for (let at = from; at < text.length; at += 1) {
    const char = text[at]
    if (char === '>') return at
    if (char === '"' || char === "'") {
      const closing = text.indexOf(char, at + 1)
      if (closing < 0) return -1
      at = closing
    }
  }
  return -1
}
