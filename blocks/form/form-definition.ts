import type { FormField, SiteForm } from '../../site/generated/site-config'
import { formsConfig } from './forms-config'
import { fieldOfTemplate, fileFieldOf, payloadTemplates } from '../../site/form-payload'
import { placeholdersOf } from '../../site/text-template'

export type { FormField, SiteForm }
export { fileFieldOf, payloadTemplates }

/** A form declared under forms in the config; the checker makes sure a form block names one. */
export function formDefinition(name: string): SiteForm {
  const form = Object.hasOwn(formsConfig, name) ? formsConfig[name] : undefined
  if (!form) throw new Error(`No form named "${name}" is declared under forms in site.config.json.`)
  return form
}

/**
 * The form field a payload key comes from, to put a problem with `company` on the organization
 * input. A key made of several fields (the quote's message) points at the last one, the one the
 * visitor typed most into; a fixed value points at no field.
 */
export function fieldForPayloadKey(form: SiteForm, key: string): string | undefined {
  if (form.fields.some((field) => field.name === key && field.input === 'file')) return key
  const template = payloadTemplates(form)[key]
  if (template === undefined) return undefined
  return fieldOfTemplate(form, template)?.name ?? placeholdersOf(template).at(-1)
}
