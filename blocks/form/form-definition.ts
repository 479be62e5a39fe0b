import type { FormField, FormName, SiteForm } from '../../site/generated/site-config'
import { formsConfig } from './forms-config'
import { placeholdersOf } from '../../site/text-template'

export type { FormField, FormName, SiteForm }

export const formDefinition = (name: FormName): SiteForm => formsConfig[name]

/** The form's file field (the career resume), if it has one; such a form is sent as multipart/form-data. */
export const fileFieldOf = (form: SiteForm): FormField | undefined => form.fields.find((field) => field.input === 'file')

const textFieldsOf = (form: SiteForm): FormField[] => form.fields.filter((field) => field.input !== 'file')

/** The payload's keys and the text each is made from: the config's mapping, or every text field under its own name. */
export function payloadTemplates(form: SiteForm): Record<string, string> {
  if (form.payload) return form.payload
  return Object.fromEntries(textFieldsOf(form).map((field) => [field.name, `{${field.name}}`]))
}

/**
 * The form field a payload key comes from, to put a problem with `company` on the organization
 * input. A key made of several fields (the quote's message) points at the last one, the one the
 * visitor typed most into; a fixed value points at no field.
 */
export function fieldForPayloadKey(form: SiteForm, key: string): string | undefined {
  if (form.fields.some((field) => field.name === key && field.input === 'file')) return key
  const template = payloadTemplates(form)[key]
  return template === undefined ? undefined : placeholdersOf(template).at(-1)
}
