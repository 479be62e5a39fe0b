import type { FormErrors } from '@mantine/form'
import { fieldForPayloadKey, fileFieldOf, type SiteForm } from './form-definition'
import { checkedShape, chosenFile, textValues, type FormValues } from './payload'
import { brokenRules } from './payload-check'
import { problemText } from './problem-texts'
import { REQUIRED, type BrokenRule } from '../../site/form-rules'
import { payloadDateProblems, todayIn, type DateProblem } from '../../site/date-rules'
import { config, textsOf } from '../../kit/config'

const formTexts = textsOf('form')

/** The required fields left empty (or only spaces; a file field without a file). */
export function missingRequired(form: SiteForm, values: FormValues): string[] {
  const texts = textValues(form, values)
  return form.fields
    .filter((field) => field.required)
    .filter((field) => (field.input === 'file' ? !chosenFile(form, values) : !texts[field.name]))
    .map((field) => field.name)
}

const labelOf = (form: SiteForm, name: string) => form.fields.find((field) => field.name === name)?.label ?? name

/**
 * A problem as the visitor reads it under the input, in the site's words: "Email Address must be a
 * valid e-mail address". The server's 400 names a problem in the same words (site/form-words.ts); a
 * payload the browser's check passed gets one only for a file whose content is not its kind, which
 * the file field's own wrongTypeMessage says when it has one. Anything else is shown as it comes.
 */
function fieldMessage(form: SiteForm, name: string, problem: BrokenRule | DateProblem | string): string {
  if (typeof problem !== 'string') return problemText(labelOf(form, name), problem)
  const file = fileFieldOf(form)
  if (file?.name === name && file.wrongTypeMessage) return file.wrongTypeMessage
  return problem
}

/** Payload problems (the browser's check, or the server's 400) placed on the inputs they come from. */
export function errorsFromPayloadProblems(form: SiteForm, problems: Record<string, BrokenRule | DateProblem | string>): FormErrors {
  const errors: FormErrors = {}
  for (const [key, problem] of Object.entries(problems)) {
    const field = fieldForPayloadKey(form, key)
    if (field && !errors[field]) errors[field] = fieldMessage(form, field, problem)
  }
  return errors
}

/**
 * @mantine/form's validate: the empty required fields first (only those are named while any is
 * left), then the payload schema the server uses, then the date fields' rules as the server
 * judges them (today in the site's time zone, at `now`).
 */
export function validateValues(id: string, form: SiteForm, values: FormValues, now = Date.now()): FormErrors {
  const missing = missingRequired(form, values)
  if (missing.length > 0) return Object.fromEntries(missing.map((name) => [name, fieldMessage(form, name, { keyword: REQUIRED })]))
  // The anti-spam fields are added at send time (optional in the schema), and so is the proof of
  // work: its "required" names no field, so it adds no error here.
  const payload = checkedShape(form, values)
  // The schema's problem wins where a key has both: it is the more basic one.
  return errorsFromPayloadProblems(form, { ...payloadDateProblems(form, payload, todayIn(config.site.timeZone, now)), ...brokenRules(id, payload) })
}

/** The refusals a visitor can do something about, by the answer's code, and the site's words for each. */
const REFUSAL_TEXTS = { invalid_fields: 'checkFields', rate_limited: 'rateLimited', payload_too_large: 'tooLarge', file_too_large: 'tooLarge' } as const

/**
 * The lines of the failure alert: the form's own text, then what the visitor can do about the
 * refusal, in the site's words (texts.form) chosen by the answer's code, not the server's English.
 */
export function failureLines(form: SiteForm, error: string | undefined): string[] {
  const reason = error !== undefined && Object.hasOwn(REFUSAL_TEXTS, error) ? formTexts[REFUSAL_TEXTS[error as keyof typeof REFUSAL_TEXTS]] : undefined
  if (form.failureMessage) return reason ? [form.failureMessage, reason] : [form.failureMessage]
  return [reason ?? formTexts.failed]
}
