import { formDefinitionOf } from '../../server/forms/form-definitions'
import { validateFields } from '../../server/forms/validate-fields'
import { formDefinition } from '../../blocks/form/form-definition'
import { brokenRules } from '../../blocks/form/payload-check'
import { problemText } from '../../blocks/form/problem-texts'

/** The server's verdict on a payload, field → problem, for the form the browser knows by that name (the same declaration). */
export function serverVerdict(form: string, payload: Record<string, unknown>): Record<string, string> {
  const { problems } = validateFields(formDefinitionOf(form, formDefinition(form)), structuredClone(payload))
  return Object.fromEntries(problems.map(({ field, problem }) => [field, problem]))
}

/** The browser's verdict on the same payload, each broken rule in the words it shows under the field (the site's texts), to compare with serverVerdict. */
export function browserVerdict(form: string, payload: Record<string, unknown>): Record<string, string> {
  const definition = formDefinitionOf(form, formDefinition(form))
  return Object.fromEntries(Object.entries(brokenRules(form, payload)).map(([key, rule]) => [key, problemText(definition.fieldLabels[key] ?? key, rule)]))
}
