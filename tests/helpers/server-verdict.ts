import { formDefinitionOf } from '../../server/forms/form-definitions'
import { validateFields } from '../../server/forms/validate-fields'
import { formDefinition } from '../../blocks/form/form-definition'
import { brokenRules } from '../../blocks/form/payload-check'
import { problemWords } from '../../site/form-rules'

/** The server's verdict on a payload, field → problem, for the form the browser knows by that name (the same declaration). */
export function serverVerdict(form: string, payload: Record<string, unknown>): Record<string, string> {
  const { problems } = validateFields(formDefinitionOf(form, formDefinition(form)), structuredClone(payload))
  return Object.fromEntries(problems.map(({ field, problem }) => [field, problem]))
}

/** The browser's verdict on the same payload, its broken rules said in the server's words (site/form-rules.ts), to compare with serverVerdict. */
export function browserVerdict(form: string, payload: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(brokenRules(form, payload)).map(([key, rule]) => [key, problemWords(rule)]))
}
