import { holderPath } from './config-location.ts'
import { locationPaths } from './location-paths.ts'
import { findPunctuationQuotes, isWrappedInCurlyQuotes, straightenQuotes } from './curly-quotes.ts'
import { errorCatalogue, say } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import type { SourcePositions } from './source-positions.ts'
import { walk } from './walk.ts'

/**
 * The text as it reads with its punctuation quotes straightened, and one finding per line that
 * has any. The rest of the check runs on the straightened text (positions are the same), so one
 * run names every curly quote at once and everything else that is wrong besides, instead of a
 * parser error per quote and then "a property “icon” that cards do not use".
 */
export function straightenForChecking(text: string): { text: string; lines: Map<number, number[]> } {
  const offsets = findPunctuationQuotes(text)
  const lines = new Map<number, number[]>()
  let line = 1
  let scanned = 0
  for (const offset of offsets) {
    for (; scanned < offset; scanned++) if (text.charCodeAt(scanned) === 10) line++
    const onLine = lines.get(line)
    if (onLine) onLine.push(offset)
    else lines.set(line, [offset])
  }
  return { text: offsets.length ? straightenQuotes(text, offsets) : text, lines }
}

export function curlyQuoteFindings(original: string, straightened: string, lines: Map<number, number[]>, positions: SourcePositions): Finding[] {
  const total = [...lines.values()].reduce((sum, offsets) => sum + offsets.length, 0)
  const onLines = [...lines.values()]
  const paths = locationPaths(
    straightened,
    onLines.map((offsets) => (offsets[0] ?? 0) + 1),
  )
  return onLines.map((offsets, index) => {
    const first = offsets[0] ?? 0
    const lineStart = original.lastIndexOf('\n', first) + 1
    const lineEnd = original.indexOf('\n', first)
    const excerpt = shorten(
      original
        .slice(lineStart, lineEnd === -1 ? undefined : lineEnd)
        .trim()
        .replace(/,$/, ''),
    )
    return {
      ...say(errorCatalogue.curlyQuotes, { excerpt, count: offsets.length, total }),
      wherePath: holderPath((paths[index] ?? []).filter((segment) => segment !== '')),
      ...positions.at(first),
    }
  })
}

/** Texts wholly inside “…”: valid, shown on the page with the quotes, probably not meant. */
export function curlyWrappedTextFindings(data: unknown, positions: SourcePositions): Finding[] {
  const findings: Finding[] = []
  for (const [path, value] of walk(data)) {
    if (typeof value !== 'string' || !isWrappedInCurlyQuotes(value)) continue
    findings.push({ ...say(errorCatalogue.curlyQuotedText, { value }), wherePath: holderPath(path), valuePath: path, ...positions.valuePosition(path) })
  }
  return findings
}

function shorten(line: string): string {
  return line.length > 70 ? line.slice(0, 69) + '…' : line
}
