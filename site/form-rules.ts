/**
 * The rules a form field's value must follow beyond the plain keywords of its payload schema (which
 * site/form-payload.ts derives from the form's declaration in site.config.json), and the words a
 * visitor reads when a value breaks one. The server checks
 * payloads with ajv (server/forms/validate-fields.ts), the browser with a few lines of its own so
 * ajv stays out of the page (blocks/form/payload-check.ts); both take their rules from here, so a
 * payload the browser passes is never refused by the server, and the words of a broken rule from
 * the site's texts (site/form-words.ts), so a refusal reads the same under the input as in the
 * server's answer.
 */

/** YYYY-MM-DD that names a day of the calendar (no 2026-02-30), as ajv-formats' "date" decides. */
function isCalendarDate(value: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!parts) return false
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * The string formats the payload schemas may name (`"format": "single-line"`), each with its rule.
 * - email: ajv-formats' "email" in full mode, the rule the server always used, so an address either
 *   side accepts the other does too (a test compares it with ajv-formats).
 * - single-line: names, phones and the like are printed on lines of their own in the mail; a line
 *   break there would let a visitor write fake labelled lines ("E-mail: …") into it. C0 and C1
 *   controls, DEL and the Unicode line and paragraph separators are refused.
 * - date: what a date input sends; the same verdicts as ajv-formats' "date" without its time zones.
 */
const EMAIL_PATTERN = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i
const SINGLE_LINE_PATTERN = /^[^\p{Cc}\u2028\u2029]*$/u

export const FIELD_FORMATS = {
  email: { valid: (value: string) => EMAIL_PATTERN.test(value), pattern: EMAIL_PATTERN },
  'single-line': { valid: (value: string) => SINGLE_LINE_PATTERN.test(value), pattern: SINGLE_LINE_PATTERN },
  date: { valid: isCalendarDate, pattern: undefined },
} as const satisfies Record<string, { valid: (value: string) => boolean; pattern: RegExp | undefined }>

export type FieldFormat = keyof typeof FIELD_FORMATS

export const isFieldFormat = (format: unknown): format is FieldFormat => typeof format === 'string' && Object.hasOwn(FIELD_FORMATS, format)

/** The keyword of a value that is missing, empty or only spaces: of a field's problems, the one named. */
export const REQUIRED = 'required'

/** `"pattern": "\\S"` is how the schemas say "not only spaces", which a visitor reads as "required". */
export const REQUIRED_PATTERN = '\\S'

/**
 * The file kinds a file field may accept, by name ending, with the type the server sends it as. Only
 * kinds the server can recognise from the bytes (server/forms/check-upload.ts): a file named .pdf
 * that is not a PDF is refused, whatever its name says.
 */
export const FILE_KINDS = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
} as const

export type FileKind = keyof typeof FILE_KINDS

export const isFileKind = (ending: string): ending is FileKind => Object.hasOwn(FILE_KINDS, ending)

/** The server's limit for any file field: a file of exactly 5,242,880 bytes is taken, one byte more is not (a field's maxSizeMb may not exceed it). */
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024

/** "a, b or c". */
const oneOfWords = (items: readonly string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? ''))

/** "PDF, DOC or DOCX": a file field's kinds as the visitor and the API's readers are told them. */
export const kindsInCapitals = (endings: readonly string[]) => oneOfWords(endings.map((ending) => ending.toUpperCase()))

/** A file name ending in one of the endings, in any letter case: `\.(?:[pP][dD][fF]|[dD][oO][cC])$` (ajv's patterns take no flags). */
export function fileNamePattern(endings: readonly string[]): string {
  const anyCase = (ending: string) => [...ending].map((letter) => (/[a-z]/.test(letter) ? `[${letter}${letter.toUpperCase()}]` : letter)).join('')
  return `\\.(?:${endings.map(anyCase).join('|')})$`
}

/** The endings a file name pattern of fileNamePattern stands for, so its words can name them; null for any other pattern. */
export function endingsOfFileNamePattern(pattern: string): string[] | null {
  const alternatives = /^\\\.\(\?:(.*)\)\$$/.exec(pattern)?.[1]
  if (!alternatives) return null
  const endings = alternatives.split('|').map((alternative) => alternative.replace(/\[([a-z])[A-Z]\]/g, '$1'))
  return endings.every((ending) => /^[a-z0-9]+$/.test(ending)) ? endings : null
}

/**
 * A schema keyword a value broke, with the details ajv reports for it (its `params`), so the server
 * passes ajv's errors as they are and the browser names what it found the same way.
 */
export type BrokenRule =
  | { keyword: 'required' | 'additionalProperties' }
  | { keyword: 'type'; type: string }
  | { keyword: 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'minItems' | 'maxItems'; limit: number }
  | { keyword: 'uniqueItems' }
  | { keyword: 'format'; format: string }
  | { keyword: 'enum'; allowedValues: readonly unknown[] }
  | { keyword: 'pattern'; pattern: string }
