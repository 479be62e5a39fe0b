import { endingsOfFileNamePattern, isFieldFormat, REQUIRED_PATTERN, type BrokenRule } from './form-rules.ts'
import type { SiteTexts } from './generated/site-config.ts'
import { localNumber } from './locale-format.ts'
import { fillTemplate } from './text-template.ts'

export type FormTexts = Required<NonNullable<SiteTexts['form']>>
export type MailTexts = Required<NonNullable<SiteTexts['mail']>>

/**
 * Everything a visitor or a mail recipient reads from the forms besides the form's own declaration:
 * the site's language and its form and mail texts (texts.form, texts.mail). The content build
 * writes them beside the forms (site/built-site-files.ts) from the config it built the pages from,
 * so the server's answers and mails say what the pages say; the browser has the same texts.
 */
export interface FormWords {
  locale: string
  /** The site's time zone (site.timeZone): what today is for a date's rules, and the time a mail says a submission came in. */
  timeZone: string
  form: FormTexts
  mail: MailTexts
}

/** What the problems are said with: the browser has only the form texts (the mail's stay on the server). */
export type FormProblemWords = Pick<FormWords, 'form' | 'locale'>

/** "a, b, c": the values of a list, as the site's texts put them into their sentence. */
const listed = (items: readonly unknown[]) => items.map(String).join(', ')

/**
 * What the visitor reads of a value that breaks a rule, in the site's words (texts.form.problem…)
 * and digits: the browser under the field, the server in its answer, from the same templates.
 */
export function problemSentence({ form: texts, locale }: FormProblemWords, label: string, rule: BrokenRule): string {
  const say = (template: string, values: Record<string, string> = {}) => fillTemplate(template, { label, ...values })
  const number = (value: number) => localNumber(value, locale)
  switch (rule.keyword) {
    case 'required':
      return say(texts.problemRequired)
    case 'minLength':
    case 'minItems':
      return rule.limit <= 1 ? say(texts.problemRequired) : say(texts.problemTooShort, { limit: number(rule.limit) })
    case 'maxLength':
      return say(texts.problemTooLong, { limit: number(rule.limit) })
    case 'format':
      if (!isFieldFormat(rule.format)) return say(texts.problemOther)
      return say(rule.format === 'email' ? texts.problemEmail : rule.format === 'date' ? texts.problemDate : texts.problemOneLine)
    case 'enum':
      return say(texts.problemChoice, { choices: listed(rule.allowedValues) })
    case 'pattern': {
      if (rule.pattern === REQUIRED_PATTERN) return say(texts.problemRequired)
      const endings = endingsOfFileNamePattern(rule.pattern)
      return endings ? say(texts.problemFileName, { endings: listed(endings.map((ending) => `.${ending}`)) }) : say(texts.problemOther)
    }
    default:
      return say(texts.problemOther)
  }
}

/** An uploaded file whose content is not a kind its field takes (its name claimed `.claimed`). */
export const fileContentSentence = ({ form: texts }: FormProblemWords, label: string, claimed: string, endings: readonly string[]): string =>
  fillTemplate(texts.problemFileContent, { label, claimed, kinds: listed(endings.map((ending) => ending.toUpperCase())) })

/** A file over its field's limit: "The file is larger than 5 MB.", the size in the site's digits. */
export const fileTooLargeSentence = ({ form: texts, locale }: FormProblemWords, limitBytes: number): string =>
  fillTemplate(texts.fileTooLarge, { size: localNumber(+(limitBytes / (1024 * 1024)).toFixed(2), locale) })
