import type { BrokenRule } from '../../site/form-rules'
import { problemSentence, type FormProblemWords } from '../../site/form-words'
import { config, textsOf } from '../../kit/config'
import { DATE_PROBLEM_TEXTS, dateProblemText } from '../../site/date-rule-words'
import type { DateProblem } from '../../site/date-rules'

const formTexts = textsOf('form')

/** The site's form texts and language as the page has them (read when a problem is shown: the config can be replaced in development). */
export const pageFormWords = (): FormProblemWords => ({ form: formTexts as FormProblemWords['form'], locale: config.site.locale })

/**
 * What the visitor reads under a field whose value breaks a rule, in the site's words
 * (texts.form.problem…, English by default) and digits: the browser's check finds the rule, the
 * shared sentence (site/form-words.ts, the server's too) says it.
 */
export function problemText(label: string, rule: BrokenRule | DateProblem): string {
  const words = pageFormWords()
  return isDateProblem(rule) ? dateProblemText(formTexts, label, rule, words.locale) : problemSentence(words, label, rule)
}

const isDateProblem = (rule: BrokenRule | DateProblem): rule is DateProblem => rule.keyword in DATE_PROBLEM_TEXTS
