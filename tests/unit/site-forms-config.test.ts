import { describe, expect, it } from 'vitest'
import { formsConfig } from '../../blocks/form/forms-config'
import { fileFieldOf, payloadTemplates } from '../../blocks/form/form-definition'
import { payloadSchema } from '../../blocks/form/payload-check'
import { checkedShape, type FormValues } from '../../blocks/form/payload'
import type { FormField } from '../../site/generated/site-config'
import { placeholdersOf } from '../../site/text-template'
import { appointmentForm } from '../helpers/appointment-form'
import { serverVerdict } from '../helpers/server-verdict'

/** What a careful visitor types into each field kind. */
const sample: Record<string, string> = { text: 'Asha Roy', email: 'asha.roy@example.org', tel: '+91 98300 12345', textarea: 'Firewalls for three offices', date: '2026-12-01' }

function filledIn(field: FormField): FormValues[string] {
  if (field.input === 'file') return new File(['%PDF-1.4'], 'cv.pdf')
  if (field.input === 'select') return field.options![0]!.value
  if (field.input === 'checkboxes') return [field.options![0]!.value]
  return sample[field.input]!
}

// This company's three forms, and another business's booking form (a date and ticked choices).
const ids = Object.keys(formsConfig)

describe('the forms section of site.config.json', () => {
  it("declares this company's three forms, and the test adds another business's", () => {
    expect(ids).toEqual(expect.arrayContaining(['contact', 'quote', 'career', appointmentForm.name]))
  })

  for (const id of ids) {
    const form = formsConfig[id]!
    const fieldNames = form.fields.map((field) => field.name)

    it(`${id}: every {placeholder} names a field of the form`, () => {
      const templates = [form.fallbackSubject, ...Object.values(payloadTemplates(form))]
      for (const name of templates.flatMap(placeholdersOf)) expect(fieldNames, `{${name}} in forms.${id}`).toContain(name)
    })

    it(`${id}: a field the server requires is required in the form, so a visitor never gets a 400 for leaving it empty`, () => {
      const requiredFields = new Set(form.fields.filter((field) => field.required).map((field) => field.name))
      for (const key of payloadSchema(id).required) {
        const template = payloadTemplates(form)[key] ?? (fileFieldOf(form)?.name === key ? `{${key}}` : undefined)
        expect(template, `payload key ${key} of forms.${id}`).toBeDefined()
        for (const name of placeholdersOf(template!)) expect(requiredFields.has(name), `forms.${id} field ${name}`).toBe(true)
      }
    })

    it(`${id}: a filled-in form makes a payload both the browser and the server accept`, () => {
      const values = Object.fromEntries(form.fields.map((field) => [field.name, filledIn(field)]))
      // The server's own check: a key the schema lacks, or a bad fixed value, would show here.
      expect(serverVerdict(id, checkedShape(form, values, { website: '', fillTimeMs: 5000 }))).toEqual({})
    })
  }
})
