/**
 * Curly quotes (“ ” ‘ ’) that stand where JSON needs a straight " — what a word processor turns
 * quotes into when a snippet is pasted through it. Quotes *inside* a properly quoted text are
 * typography and are left alone; only those outside any text, or closing a text opened with a
 * straight quote on the same line, are punctuation.
 *
 * Written here rather than taken from a package: a JSON parser stops at the first curly quote,
 * and what is needed is every one of them at once, with its offset.
 */
const curly = new Set(['“', '”', '‘', '’'])
const closersAfter: Record<string, string> = { '“': '”“"', '”': '”“"', '‘': '’‘\'"', '’': '’‘\'"' }

/** Offsets of the curly quotes used as JSON punctuation, in file order. */
export function findPunctuationQuotes(text: string): number[] {
  const found: number[] = []
  let i = 0
  while (i < text.length) {
    const char = text[i] ?? ''
    if (char === '"') {
      const end = endOfStraightText(text, i)
      if (text[end] === '"') {
        i = end + 1
        continue
      }
      // Not closed on its line: a curly quote near its end most likely was meant to close it.
      const closing = lastCurlyIn(text, i + 1, end)
      if (closing !== undefined) found.push(closing)
      i = (closing ?? end) + 1
      continue
    }
    if (curly.has(char)) {
      found.push(i)
      const closers = closersAfter[char] ?? '"'
      let j = i + 1
      while (j < text.length && text[j] !== '\n' && !closers.includes(text[j] ?? '')) j++
      if (curly.has(text[j] ?? '')) found.push(j)
      i = j + 1
      continue
    }
    i++
  }
  return found
}

/** The text with each quote at `offsets` made a straight ". Same length, so positions hold. */
export function straightenQuotes(text: string, offsets: number[]): string {
  const chars = [...text.split('')]
  for (const offset of offsets) chars[offset] = '"'
  return chars.join('')
}

/** A text wholly wrapped in one pair of curly quotes: probably pasted with them. */
export function isWrappedInCurlyQuotes(value: string): boolean {
  return /^“[^“”]+”$/.test(value) || /^‘[^‘’]+’$/.test(value)
}

/** Index of the closing straight quote of the text opened at `start`, or of the line end. */
function endOfStraightText(text: string, start: number): number {
  let j = start + 1
  while (j < text.length && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1
  return Math.min(j, text.length)
}

function lastCurlyIn(text: string, from: number, to: number): number | undefined {
  for (let k = to - 1; k >= from; k--) if (text[k] === '”' || text[k] === '’') return k
  return undefined
}
