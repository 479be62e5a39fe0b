import { getLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser'
import type { JsonPath } from './source-positions.ts'

export interface SyntaxFinding {
  offset: number
  /** Where the parser was in the config when it stopped, for the `/about › blocks[2]` line. */
  path: JsonPath
  message: string
  hint?: string
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
  const syntax: SyntaxFinding[] = []
  let lastOffset = -1
  for (const error of errors) {
    if (error.offset === lastOffset) continue // one mistake, two parser complaints (e.g. `,}`)
    lastOffset = error.offset
    const finding = describeSyntaxError(text, error)
    // The path names the page and block the error is in; a key being typed shows up as ''.
    syntax.push({ ...finding, path: getLocation(text, finding.offset).path.filter((segment) => segment !== '') })
    if (!finding.recoverable) break
  }
  const value = root ? getNodeValue(root) : undefined
  return { root, data: syntax.length === 0 ? value : undefined, partial: value, syntax }
}

interface Described {
  offset: number
  message: string
  hint?: string
  /** The parser carries on correctly after it, so later errors are real ones too. */
  recoverable: boolean
}

function describeSyntaxError(text: string, { error, offset, length }: ParseError): Described {
  const code = printParseErrorCode(error)
  const found = text.slice(offset, offset + length)
  const previous = previousNonSpace(text, offset)
  if ((code === 'PropertyNameExpected' || code === 'ValueExpected') && previous && text[previous.offset] === ',' && /^[}\]]/.test(text.slice(offset))) {
    return {
      offset: previous.offset,
      message: `There is a comma after the last ${text[offset] === '}' ? 'property of this object' : 'item of this list'}.`,
      hint: 'Remove the comma after the last item: JSON does not allow a comma before } or ].',
      recoverable: true,
    }
  }
  switch (code) {
    case 'InvalidCommentToken':
    case 'UnexpectedEndOfComment':
      return { offset, message: 'Comments are not allowed: this file is JSON, which has no comments.', hint: 'Remove the comment (// … or /* … */).', recoverable: true }
    case 'UnexpectedEndOfString':
      return { offset, message: 'This text is never closed: its closing " is missing.', hint: 'A text must start and end with " on the same line.', recoverable: false }
    case 'InvalidSymbol':
      return describeStrayWord(offset, found)
    case 'CommaExpected':
      return {
        offset,
        message: 'A comma is missing before this.',
        hint: previous ? `Put a comma after the value that ends on line ${lineOf(text, previous.offset)}.` : 'Separate items with commas.',
        recoverable: false,
      }
    case 'ColonExpected':
      return { offset, message: 'A ":" is missing between the property name and its value.', hint: 'Write it as "name": value.', recoverable: false }
    case 'PropertyNameExpected':
      return { offset, message: 'A property name in double quotes was expected here.', hint: 'Write properties as "name": value, with the name in double quotes.', recoverable: false }
    case 'ValueExpected':
      return text.trim() === ''
        ? { offset, message: 'The file is empty.', hint: 'The configuration starts with { and ends with }.', recoverable: false }
        : { offset, message: 'A value is missing here.', hint: 'Write a text in "…", a number, true or false, a list [ … ] or an object { … }.', recoverable: false }
    case 'CloseBraceExpected':
      return { offset, message: 'An object opened with { is never closed.', hint: 'Add the missing } — every { needs a matching }.', recoverable: false }
    case 'CloseBracketExpected':
      return { offset, message: 'A list opened with [ is never closed.', hint: 'Add the missing ] — every [ needs a matching ].', recoverable: false }
    case 'EndOfFileExpected':
      return { offset, message: 'There is more text after the end of the configuration.', hint: 'A } or ] above closes the configuration too early, or this is left over: check the brackets before it.', recoverable: false }
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return { offset, message: `"${found}" is not a number JSON understands.`, hint: 'Write numbers like 42 or 3.5: no leading zeros, units, spaces or + sign. Put anything else in "…".', recoverable: false }
    case 'InvalidEscapeCharacter':
      return { offset, message: `The text contains an unknown escape "${found}".`, hint: 'Inside a text write a backslash as \\\\ and a double quote as \\".', recoverable: true }
    case 'InvalidUnicode':
      return { offset, message: 'A \\u escape must be followed by four hexadecimal digits.', hint: 'Type the character itself instead, e.g. é.', recoverable: true }
    case 'InvalidCharacter':
      return { offset, message: 'The text contains a tab or another invisible control character.', hint: 'Replace tabs with spaces; write a line break inside a text as \\n.', recoverable: true }
    default:
      return { offset, message: 'The file is not valid JSON here.', recoverable: false }
  }
}

/** A word the parser does not know: usually a text without quotes, single quotes or True/False. */
function describeStrayWord(offset: number, word: string): Described {
  if (word.startsWith("'")) {
    return { offset, message: `${word} uses single quotes.`, hint: 'Texts and property names use double quotes: "…".', recoverable: false }
  }
  if (/^(true|false|null)$/i.test(word)) {
    return { offset, message: `"${word}" is not a JSON value.`, hint: `Write ${word.toLowerCase()} in lowercase.`, recoverable: false }
  }
  return {
    offset,
    message: `Unexpected word ${word}: a text without quotes.`,
    hint: 'A text must start and end with ", e.g. "' + word.replace(/"/g, '') + '".',
    recoverable: false,
  }
}

function previousNonSpace(text: string, offset: number): { offset: number } | undefined {
  for (let i = offset - 1; i >= 0; i--) if (!/\s/.test(text[i] ?? '')) return { offset: i }
  return undefined
}

function lineOf(text: string, offset: number): number {
  let line = 1
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++
  return line
}
