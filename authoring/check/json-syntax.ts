import { getLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser'
import { valueName } from './config-location.ts'
import { locationPaths } from './location-paths.ts'
import { errorCatalogue as errors, say, type Said } from './error-catalogue.ts'
import type { JsonPath } from './source-positions.ts'

interface SyntaxFinding extends Said {
  offset: number
  /** Where the parser was in the config when it stopped, for the `/about › blocks[2]` line. */
  path: JsonPath
}

export interface ParsedJson {
  root: Node | undefined
  /** The config's value; undefined when there is a syntax error. */
  data: unknown
  /** What could be read despite syntax errors: only for naming the page a syntax error is in. */
  partial: unknown
  syntax: SyntaxFinding[]
}

/**
 * Parses strictly as JSON (no comments, no trailing commas) but keeps jsonc-parser's tree with
 * offsets, which JSON.parse cannot give. Only the first error that derails the parser is
 * reported: what follows it is mostly noise caused by it. Trailing commas and comments do not
 * derail it, so all of those are reported.
 */
export function parseJson(text: string): ParsedJson {
  const errors: ParseError[] = []
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false })
  const described: Described[] = []
  let lastOffset = -1
  for (const error of errors) {
    if (error.offset === lastOffset) continue // one mistake, two parser complaints (e.g. `,}`)
    lastOffset = error.offset
    described.push(describeSyntaxError(text, error))
    if (!described.at(-1)?.recoverable) break
  }
  // The path names the page and block the error is in; a key being typed shows up as ''.
  const located = locationPaths(
    text,
    described.map((finding) => finding.offset),
  )
  const syntax = described.map(({ recoverable: _, path, ...finding }, index): SyntaxFinding => ({
    ...finding,
    path: path ?? (located[index] ?? []).filter((segment) => segment !== ''),
  }))
  const value = root ? getNodeValue(root) : undefined
  return { root, data: syntax.length === 0 ? value : undefined, partial: value, syntax }
}

interface Described extends Said {
  offset: number
  /** Where the mistake is, when the parser's own position names the wrong item. */
  path?: JsonPath
  /** The parser carries on correctly after it, so later errors are real ones too. */
  recoverable: boolean
}

/** jsonc-parser's error names (its ParseErrorCode is a const enum, which isolated modules cannot read). */
type ParseErrorName =
  | 'InvalidSymbol'
  | 'InvalidNumberFormat'
  | 'PropertyNameExpected'
  | 'ValueExpected'
  | 'ColonExpected'
  | 'CommaExpected'
  | 'CloseBraceExpected'
  | 'CloseBracketExpected'
  | 'EndOfFileExpected'
  | 'InvalidCommentToken'
  | 'UnexpectedEndOfComment'
  | 'UnexpectedEndOfString'
  | 'UnexpectedEndOfNumber'
  | 'InvalidUnicode'
  | 'InvalidEscapeCharacter'
  | 'InvalidCharacter'

function describeSyntaxError(text: string, { error, offset, length }: ParseError): Described {
  const code = printParseErrorCode(error) as ParseErrorName
  const found = text.slice(offset, offset + length)
  const previous = previousNonSpace(text, offset)
  const stop = (said: Said, at = offset): Described => ({ ...said, offset: at, recoverable: false })
  const goOn = (said: Said): Described => ({ ...said, offset, recoverable: true })
  if ((code === 'PropertyNameExpected' || code === 'ValueExpected') && previous !== undefined && text[previous] === ',' && /^[}\]]/.test(text.slice(offset))) {
    return { ...say(errors.trailingComma, { inObject: text[offset] === '}' }), offset: previous, recoverable: true }
  }
  switch (code) {
    case 'InvalidCommentToken':
    case 'UnexpectedEndOfComment':
      return goOn(say(errors.comment, {}))
    case 'UnexpectedEndOfString':
      return stop(say(errors.unclosedText, {}))
    case 'InvalidSymbol':
      return stop(describeStrayWord(found))
    case 'CommaExpected':
      return describeMissingComma(text, offset, previous)
    case 'ColonExpected':
      return stop(say(errors.missingColon, {}))
    case 'PropertyNameExpected':
      return stop(say(errors.propertyNameExpected, {}))
    case 'ValueExpected':
      return stop(text.trim() === '' ? say(errors.emptyFile, {}) : say(errors.valueExpected, {}))
    case 'CloseBraceExpected':
      return stop(say(errors.unclosedObject, {}))
    case 'CloseBracketExpected':
      return stop(say(errors.unclosedList, {}))
    case 'EndOfFileExpected':
      return stop(say(errors.textAfterEnd, {}))
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return stop(say(errors.badNumber, { found }))
    // The parser reports these at the start of the whole text; the spot is the escape itself.
    case 'InvalidEscapeCharacter': {
      const escape = /\\[^"\\/bfnrtu]/.exec(found)
      return { ...goOn(say(errors.unknownEscape, { found: escape?.[0] ?? found })), offset: offset + (escape?.index ?? 0) }
    }
    case 'InvalidUnicode':
      return { ...goOn(say(errors.badUnicodeEscape, {})), offset: offset + Math.max(0, found.search(/\\u(?![0-9a-fA-F]{4})/)) }
    case 'InvalidCharacter':
      return {
        ...goOn(say(errors.controlCharacter, {})),
        offset:
          offset +
          Math.max(
            0,
            found.split('').findIndex((char) => char < ' '),
          ),
      }
    default:
      // Every name jsonc-parser has is handled; a new one is a fault of the checker, said as such.
      throw new Error(`unknown JSON parse error ${code satisfies never}`)
  }
}

/**
 * The parser stops at the item after the missing comma but still counts itself in the item
 * before it, so its position alone would name the wrong one: for a list, paragraphs[0] instead
 * of paragraphs[1]. Both neighbours are named, and the problem sits at the second one.
 */
function describeMissingComma(text: string, offset: number, previous: number | undefined): Described {
  // A list closed with } (or an object with ]) reads to the parser as a missing comma.
  if (text[offset] === '}' || text[offset] === ']') {
    const location = getLocation(text, offset).path
    const inList = typeof location.at(-1) === 'number'
    if (inList && text[offset] === '}') return { ...say(errors.unclosedList, {}), offset, path: location.slice(0, -1), recoverable: false }
    if (!inList && text[offset] === ']') return { ...say(errors.unclosedObject, {}), offset, recoverable: false }
  }
  const lineBefore = previous === undefined ? undefined : lineOf(text, previous)
  const atItem = getLocation(text, offset).path.filter((segment) => segment !== '')
  const beforeItem = previous === undefined ? atItem : getLocation(text, previous).path.filter((segment) => segment !== '')
  const last = atItem[atItem.length - 1]
  if (typeof last === 'number') {
    const next = [...atItem.slice(0, -1), last + 1]
    return { ...say(errors.missingComma, { before: valueName(atItem), after: valueName(next), lineBefore }), offset, path: next, recoverable: false }
  }
  const before = beforeItem[beforeItem.length - 1]
  const sameObject = beforeItem.length === atItem.length && typeof before === 'string' && typeof last === 'string' && before !== last
  const names = sameObject ? { before: `"${before}"`, after: `"${last}"` } : {}
  return { ...say(errors.missingComma, { ...names, lineBefore }), offset, recoverable: false }
}

/** A word the parser does not know: usually a text without quotes, single quotes or True/False. */
function describeStrayWord(word: string): Said {
  if (word.startsWith("'")) return say(errors.singleQuotes, { word })
  if (/^(true|false|null)$/i.test(word)) return say(errors.capitalisedKeyword, { word })
  return say(errors.unquotedText, { word })
}

function previousNonSpace(text: string, offset: number): number | undefined {
  for (let i = offset - 1; i >= 0; i--) if (!/\s/.test(text[i] ?? '')) return i
  return undefined
}

function lineOf(text: string, offset: number): number {
  let line = 1
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++
  return line
}
