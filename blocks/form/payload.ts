import { fileFieldOf, payloadTemplates, type SiteForm } from './form-definition'
import { fieldOfTemplate } from '../../site/form-payload'
import { fillTemplate } from '../../site/text-template'

/** What the visitor typed or chose, by field name: text, the values ticked of a checkboxes field, the chosen file of a file field. */
export type FormValues = Record<string, string | string[] | File | null>

/** The anti-spam fields the server reads (server/forms/spam-guard.ts). */
export interface AntiSpam {
  /** The hidden honeypot's content: empty for a person. */
  website: string
  /** Milliseconds from the form appearing to the submit. */
  fillTimeMs: number
  /** A form with `altcha` on: its solved proof of work (blocks/form/proof-of-work.ts). */
  altcha?: string
}

/** The text values, trimmed (surrounding spaces are never meant, and "  " is not an answer); ticked choices joined for a text that names them. */
export function textValues(form: SiteForm, values: FormValues): Record<string, string> {
  const texts: Record<string, string> = {}
  for (const field of form.fields) {
    const value = values[field.name]
    if (typeof value === 'string') texts[field.name] = value.trim()
    else if (Array.isArray(value)) texts[field.name] = value.join(', ')
  }
  return texts
}

/** The ticked values of a checkboxes field, in the order of its options whatever the order of the clicks. */
function choicesOf(form: SiteForm, name: string, values: FormValues): string[] {
  const ticked = values[name]
  const options = form.fields.find((field) => field.name === name)?.options ?? []
  return Array.isArray(ticked) ? options.map((option) => option.value).filter((value) => ticked.includes(value)) : []
}

/** The payload POST /api/<form> takes (site/form-payload.ts), built from the form's values through its mapping (quote: company ← organization...). */
function payloadOf(form: SiteForm, values: FormValues): Record<string, string | string[]> {
  const texts = textValues(form, values)
  return Object.fromEntries(
    Object.entries(payloadTemplates(form)).map(([key, template]) => {
      const field = fieldOfTemplate(form, template)
      return [key, field?.input === 'checkboxes' ? choicesOf(form, field.name, values) : fillTemplate(template, texts)]
    }),
  )
}

export const chosenFile = (form: SiteForm, values: FormValues): File | null => {
  const field = fileFieldOf(form)
  const value = field ? values[field.name] : null
  return value instanceof File ? value : null
}

/** The payload as the schema sees it: a file stands for its name, as in a JSON call, which sends only the file's name. */
export function checkedShape(form: SiteForm, values: FormValues, antiSpam?: AntiSpam): Record<string, unknown> {
  const field = fileFieldOf(form)
  const file = chosenFile(form, values)
  return { ...payloadOf(form, values), ...(field && file ? { [field.name]: file.name } : {}), ...antiSpam }
}

/** The request body: JSON, or multipart/form-data with the file itself when the form has a file field (a list is one part per value). */
export function requestBody(form: SiteForm, values: FormValues, antiSpam: AntiSpam): { json: string } | { formData: FormData } {
  const payload = { ...payloadOf(form, values), ...antiSpam }
  const field = fileFieldOf(form)
  if (!field) return { json: JSON.stringify(payload) }
  const formData = new FormData()
  for (const [key, value] of Object.entries(payload)) for (const part of Array.isArray(value) ? value : [value]) formData.append(key, String(part))
  const file = chosenFile(form, values)
  if (file) formData.append(field.name, file, file.name)
  return { formData }
}
