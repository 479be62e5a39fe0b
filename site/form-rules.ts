import { formSchemas } from './generated/forms.ts'

/**
 * The rules a form field's value must follow beyond the plain keywords of its payload schema
 * (schemas/forms/*.json), and the words a visitor reads when a value breaks one. The server checks
 * payloads with ajv (server/forms/validate-fields.ts), the browser with a few lines of its own so
 * ajv stays out of the page (blocks/form/payload-check.ts); both take their rules and words from
 * here, so a payload the browser passes is never refused by the server, and a refusal reads the same
 * under the input as in the server's answer.
 */

/**
 * The string formats the payload schemas may name (`"format": "single-line"`), each with its rule
 * and the words for a value that breaks it.
 * - email: ajv-formats' "email" in full mode, the rule the server always used, so an address either
 *   side accepts the other does too (a test compares it with ajv-formats).
 * - single-line: names, phones and the like are printed on lines of their own in the mail; a line
 *   break there would let a visitor write fake labelled lines ("E-mail: …") into it. C0 and C1
 *   controls, DEL and the Unicode line and paragraph separators are refused.
 */
export const FIELD_FORMATS = {
  email: {
    pattern: /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i,
    problem: 'must be a valid e-mail address',
  },
  'single-line': {
    pattern: /^[^\p{Cc}\u2028\u2029]*$/u,
    problem: 'must be a single line, without line breaks or control characters',
  },
} as const satisfies Record<string, { pattern: RegExp; problem: string }>

export type FieldFormat = keyof typeof FIELD_FORMATS

export const isFieldFormat = (format: unknown): format is FieldFormat => typeof format === 'string' && Object.hasOwn(FIELD_FORMATS, format)

/** The word for a value that is missing, empty or only spaces; the browser prefixes it with the field's label ("Email Address is required"). */
export const REQUIRED = 'required'

/** `"pattern": "\\S"` is how the schemas say "not only spaces", which a visitor reads as "required". */
const REQUIRED_PATTERN = '\\S'

/** The career form's file field: in JSON its file name, in multipart/form-data the part holding the file itself. */
export const RESUME_FIELD = 'resume'

/** The résumé's accepted kinds, by file name ending (any letter case) and by content. */
export const RESUME_ENDINGS = ['pdf', 'doc', 'docx'] as const

export type ResumeKind = (typeof RESUME_ENDINGS)[number]

export const isResumeKind = (ending: string): ending is ResumeKind => (RESUME_ENDINGS as readonly string[]).includes(ending)

/** The résumé is at most 5 MB: a file of exactly 5,242,880 bytes is taken, one byte more is not (a file field's maxSizeMb may not exceed it). */
export const RESUME_LIMIT_BYTES = 5 * 1024 * 1024

/** "a, b or c". */
const oneOfWords = (items: readonly string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? ''))

/** "PDF, DOC or DOCX": the résumé's kinds as the visitor and the API's readers are told them. */
export const resumeKindsInCapitals = oneOfWords(RESUME_ENDINGS.map((ending) => ending.toUpperCase()))

/** What the server says of an uploaded résumé, by name or by content (the browser checks the name against the field's `accept`). */
export const RESUME_PROBLEMS = {
  wrongName: `must be a ${resumeKindsInCapitals} file`,
  wrongContent: (claimed: string) => `the file is named .${claimed} but its content is not a ${resumeKindsInCapitals} document`,
}

/** For a rule the forms do not use (the browser's check refuses a schema with one outright). */
const OTHER_PROBLEM = 'has a value this form does not accept'

/** The schemas' `pattern`s with their words: "not only spaces", and the résumé's file name endings (read from each form's résumé field). */
const PATTERN_PROBLEMS = new Map<string, string>([
  [REQUIRED_PATTERN, REQUIRED],
  ...Object.values(formSchemas).flatMap((schema): Array<[string, string]> => {
    const resume = (schema.properties as Record<string, { pattern?: string }>)[RESUME_FIELD]
    return resume?.pattern ? [[resume.pattern, `must be a ${oneOfWords(RESUME_ENDINGS.map((ending) => `.${ending}`))} file name`]] : []
  }),
])

/**
 * A schema keyword a value broke, with the details ajv reports for it (its `params`), so the server
 * passes ajv's errors as they are and the browser names what it found the same way.
 */
export type BrokenRule =
  | { keyword: 'required' | 'additionalProperties' }
  | { keyword: 'type'; type: string }
  | { keyword: 'minLength' | 'maxLength' | 'minimum' | 'maximum'; limit: number }
  | { keyword: 'format'; format: string }
  | { keyword: 'enum'; allowedValues: readonly unknown[] }
  | { keyword: 'pattern'; pattern: string }

/** The words for a broken rule, as the visitor reads them after the field's name. */
export function problemWords(rule: BrokenRule): string {
  switch (rule.keyword) {
    case 'required':
      return REQUIRED
    case 'minLength':
      return rule.limit <= 1 ? REQUIRED : `must be at least ${rule.limit} characters`
    case 'maxLength':
      return `must be at most ${rule.limit} characters`
    case 'format':
      return isFieldFormat(rule.format) ? FIELD_FORMATS[rule.format].problem : `must be a valid ${rule.format}`
    case 'enum':
      return `must be one of: ${rule.allowedValues.join(', ')}`
    case 'pattern':
      return PATTERN_PROBLEMS.get(rule.pattern) ?? OTHER_PROBLEM
    case 'type':
      return rule.type === 'string' ? 'must be text' : `must be ${rule.type}`
    case 'minimum':
      return `must be a number of at least ${rule.limit}`
    case 'maximum':
      return `must be a number of at most ${rule.limit}`
    case 'additionalProperties':
      return 'is not a field of this form'
    default:
      return OTHER_PROBLEM
  }
}
