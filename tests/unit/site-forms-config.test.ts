import { describe, expect, it } from 'vitest'
import { validateFields } from '../../server/forms/validate-fields'
import { formsConfig } from '../../blocks/form/forms-config'
import { fileFieldOf, payloadTemplates, type FormName } from '../../blocks/form/form-definition'
import { payloadSchemas } from '../../blocks/form/payload-check'
import { checkedShape } from '../../blocks/form/payload'
import { placeholdersOf } from '../../site/text-template'
import { RESUME_ENDINGS, RESUME_FIELD, RESUME_LIMIT_BYTES } from '../../site/form-rules'

/** What a careful visitor types into each field kind. */
const sample: Record<string, string> = { text: 'Asha Roy', email: 'asha.roy@example.org', tel: '+91 98300 12345', textarea: 'Firewalls for three offices' }

const ids = Object.keys(formsConfig) as FormName[]

describe('the forms section of site.config.json', () => {
  for (const id of ids) {
    const form = formsConfig[id]
    const fieldNames = form.fields.map((field) => field.name)

    it(`${id}: posts to its own endpoint`, () => {
      expect(form.endpoint).toBe(`/api/${id}`)
    })

    it(`${id}: every {placeholder} names a field of the form`, () => {
      const templates = [form.fallbackSubject, ...Object.values(payloadTemplates(form))]
      for (const name of templates.flatMap(placeholdersOf)) expect(fieldNames, `{${name}} in forms.${id}`).toContain(name)
    })

    it(`${id}: a field the server requires is required in the form, so a visitor never gets a 400 for leaving it empty`, () => {
      const requiredFields = new Set(form.fields.filter((field) => field.required).map((field) => field.name))
      for (const key of payloadSchemas[id].required) {
        const template = payloadTemplates(form)[key] ?? (fileFieldOf(form)?.name === key ? `{${key}}` : undefined)
        expect(template, `payload key ${key} of forms.${id}`).toBeDefined()
        for (const name of placeholdersOf(template!)) expect(requiredFields.has(name), `forms.${id} field ${name}`).toBe(true)
      }
    })

    it(`${id}: a filled-in form makes a payload both the browser and the server accept`, () => {
      const values = Object.fromEntries(
        form.fields.map((field) => [
          field.name,
          field.input === 'file' ? new File(['%PDF-1.4'], 'cv.pdf') : field.input === 'select' ? field.options![0]!.value : sample[field.input]!,
        ]),
      )
      // The server's own check: a key the schema lacks, or a bad fixed value, would show here.
      expect(validateFields(id, checkedShape(form, values, { website: '', fillTimeMs: 5000 }))).toEqual([])
    })
  }

  it('the career resume field accepts what the server accepts, at most its 5 MB', () => {
    const resume = fileFieldOf(formsConfig.career)!
    expect(resume.name).toBe(RESUME_FIELD)
    expect(resume.accept).toEqual(RESUME_ENDINGS.map((ending) => `.${ending}`))
    expect(resume.maxSizeMb! * 1024 * 1024).toBeLessThanOrEqual(RESUME_LIMIT_BYTES)
  })
})
