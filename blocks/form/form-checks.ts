import type { FormErrors } from '@mantine/form'
import formTexts from 'virtual:site-texts/form'
import { fieldForPayloadKey, type FormName, type SiteForm } from './form-definition'
import { checkedShape, chosenFile, textValues, type FormValues } from './payload'
import { checkPayload } from './payload-check'
import { REQUIRED } from '../../site/form-rules'

/** The required fields left empty (or only spaces; a file field without a file). */
export function missingRequired(form: SiteForm, values: FormValues): string[] {
  const texts = textValues(form, values)
  return form.fields
    .filter((field) => field.required)
    .filter((field) => (field.input === 'file' ? !chosenFile(form, values) : !texts[field.name]))
    .map((field) => field.name)
}

const labelOf = (form: SiteForm, name: string) => form.fields.find((field) => field.name === name)?.label ?? name

/** A problem as the visitor reads it under the input: "Email Address must be a valid e-mail address". */
function fieldMessage(form: SiteForm, name: string, problem: string): string {
  return problem === REQUIRED ? `${labelOf(form, name)} is required` : `${labelOf(form, name)} ${problem}`
}

/** Payload problems (browser check or the server's 400) placed on the inputs they come from. */
export function errorsFromPayloadProblems(form: SiteForm, problems: Record<string, string>): FormErrors {
  const errors: FormErrors = {}
  for (const [key, problem] of Object.entries(problems)) {
    const field = fieldForPayloadKey(form, key)
    if (field && !errors[field]) errors[field] = fieldMessage(form, field, problem)
  }
  return errors
}

/**
 * @mantine/form's validate: the empty required fields first (only those are named while any is
 * left), then the payload schema the server uses.
 */
export function validateValues(id: FormName, form: SiteForm, values: FormValues): FormErrors {
  const missing = missingRequired(form, values)
  if (missing.length > 0) return Object.fromEntries(missing.map((name) => [name, fieldMessage(form, name, REQUIRED)]))
  // The anti-spam fields are added at send time; they are optional in the schema.
  return errorsFromPayloadProblems(form, checkPayload(id, checkedShape(form, values)))
}

/** The lines of the failure alert: the form's own text, then the server's explanation when it gave one. */
export function failureLines(form: SiteForm, serverMessage: string | undefined): string[] {
  if (form.failureMessage) return serverMessage ? [form.failureMessage, serverMessage] : [form.failureMessage]
  return [serverMessage ?? formTexts.failed]
}
