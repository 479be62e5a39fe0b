import { endingsOfFileNamePattern, isFieldFormat, REQUIRED_PATTERN, type BrokenRule } from '../../site/form-rules'
import { fillTemplate } from '../../site/text-template'
import { config, textsOf } from '../../kit/config'
import { dateProblemText } from '../../site/date-rule-words'
import type { DateProblem } from '../../site/date-rules'

const formTexts = textsOf('form')

/** "a", "b", "c": the values of a list, as the site's texts put them into their sentence. */
const listed = (items: readonly unknown[]) => items.map(String).join(', ')

/**
 * What the visitor reads under a field whose value breaks a rule, in the site's words
 * (texts.form.problem…, English by default): the browser's check finds the rule, this says it.
 */
export function problemText(label: string, rule: BrokenRule | DateProblem): string {
  const say = (template: string, values: Record<string, string | number> = {}) => fillTemplate(template, { label, ...values })
  switch (rule.keyword) {
    case 'required':
      return say(formTexts.problemRequired)
    case 'minLength':
    case 'minItems':
      return rule.limit <= 1 ? say(formTexts.problemRequired) : say(formTexts.problemTooShort, { limit: rule.limit })
    case 'maxLength':
      return say(formTexts.problemTooLong, { limit: rule.limit })
    case 'format':
      if (!isFieldFormat(rule.format)) return say(formTexts.problemOther)
      return say(rule.format === 'email' ? formTexts.problemEmail : rule.format === 'date' ? formTexts.problemDate : formTexts.problemOneLine)
    case 'enum':
      return say(formTexts.problemChoice, { choices: listed(rule.allowedValues) })
    case 'pattern': {
      if (rule.pattern === REQUIRED_PATTERN) return say(formTexts.problemRequired)
      const endings = endingsOfFileNamePattern(rule.pattern)
      return endings ? say(formTexts.problemFileName, { endings: listed(endings.map((ending) => `.${ending}`)) }) : say(formTexts.problemOther)
    }
    case 'dateTooEarly':
    case 'dateTooLate':
    case 'dateWeekday':
      return dateProblemText(formTexts, label, rule, config.site.locale)
    default:
      return say(formTexts.problemOther)
  }
}
