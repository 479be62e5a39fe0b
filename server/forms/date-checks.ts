import type { FieldProblem } from './answers.ts'
import type { FormDefinition } from './form-definitions.ts'
import { dateProblemText } from '../../site/date-rule-words.ts'
import { datedKeys, payloadDateProblems, todayIn } from '../../site/date-rules.ts'

/**
 * A date field's earliest, latest and weekdays, judged at the moment of the request in the site's
 * time zone: what the payload's JSON schema cannot say (its "today" moves). The same evaluation
 * as the browser's (site/date-rules.ts) and the same sentence from the config's texts, so a raw
 * request is refused exactly where the form would have stopped the visitor. A key that already
 * has a problem keeps that one.
 */
export function dateProblems(form: FormDefinition, payload: Readonly<Record<string, unknown>>, now: number, found: readonly FieldProblem[]): FieldProblem[] {
  const { locale, timeZone, form: texts } = form.words
  const already = new Set(found.map(({ field }) => field))
  const labels = new Map(datedKeys(form.declaration).map(({ key, field }) => [key, field.label]))
  return Object.entries(payloadDateProblems(form.declaration, payload, todayIn(timeZone, now)))
    .filter(([key]) => !already.has(key))
    .map(([key, problem]) => ({ field: key, problem: dateProblemText(texts, labels.get(key) ?? key, problem, locale) }))
}
