import { visit } from 'jsonc-parser'
import type { JsonPath } from './source-positions.ts'

/**
 * The config path at each offset, exactly as jsonc-parser's getLocation reads it (a position inside
 * a key names its property, between properties the last step is ''), for all offsets in one reading
 * of the text: getLocation reads the text from its start for every offset, which for every problem
 * of a large draft made the check take minutes.
 */
export function locationPaths(text: string, offsets: readonly number[]): JsonPath[] {
  const order = offsets.map((_, index) => index).sort((a, b) => (offsets[a] ?? 0) - (offsets[b] ?? 0))
  const paths: JsonPath[] = new Array<JsonPath>(offsets.length)
  const segments: JsonPath = []
  let next = 0
  const done = {}
  /** getLocation stops where `stops(position)`; every offset that stops here gets the path as it is now. */
  const settle = (stops: (position: number) => boolean) => {
    for (; next < order.length; next++) {
      const index = order[next]!
      if (!stops(offsets[index]!)) break
      paths[index] = [...segments]
    }
    if (next === order.length) throw done // no offset is left to place: the rest of the text is not read
  }
  try {
    if (order.length > 0)
      visit(text, {
        onObjectBegin: (offset) => {
          settle((position) => position <= offset)
          segments.push('')
        },
        onObjectProperty: (name, offset, length) => {
          settle((position) => position < offset)
          segments[segments.length - 1] = name
          settle((position) => position <= offset + length)
        },
        onObjectEnd: (offset) => {
          settle((position) => position <= offset)
          segments.pop()
        },
        onArrayBegin: (offset) => {
          settle((position) => position <= offset)
          segments.push(0)
        },
        onArrayEnd: (offset) => {
          settle((position) => position <= offset)
          segments.pop()
        },
        onLiteralValue: (_value, offset, length) => {
          settle((position) => position < offset)
          settle((position) => position <= offset + length)
        },
        onSeparator: (separator, offset) => {
          settle((position) => position <= offset)
          if (separator !== ',') return
          const last = segments[segments.length - 1]
          segments[segments.length - 1] = typeof last === 'number' ? last + 1 : ''
        },
      })
  } catch (error) {
    if (error !== done) throw error
  }
  // Offsets past the last token: where getLocation's reading ends.
  for (; next < order.length; next++) paths[order[next]!] = [...segments]
  return paths
}
