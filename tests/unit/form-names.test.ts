import Ajv from 'ajv'
import { describe, expect, it } from 'vitest'
import { buildFormNamesSchema, formsModule, listFormNames } from '../../authoring/schemas/form-schemas'
import { FORM_NAMES } from '../../site/generated/forms'

describe('forms are found like blocks: one payload schema each', () => {
  it('the generated list is the files in schemas/forms/', () => {
    expect([...FORM_NAMES].sort()).toEqual(listFormNames())
  })

  it('a new payload schema asks for its entry in the config and may be named by a form block', () => {
    const schema = buildFormNamesSchema([...listFormNames(), 'partner'])
    const definitions = schema.definitions as Record<'forms' | 'formName' | 'formEndpoint', { required?: string[]; enum?: string[] }>
    expect(definitions.forms.required).toContain('partner')
    expect(definitions.formName.enum).toContain('partner')
    expect(definitions.formEndpoint.enum).toContain('/api/partner')
    expect(formsModule('/* banner */', ['contact', 'partner'])).toMatch(/partner: partnerSchema/)
  })

  it('a forms section without the new form is refused', () => {
    const ajv = new Ajv({ allErrors: true, strict: false })
    const forms = buildFormNamesSchema([...listFormNames(), 'partner'])
    const validate = ajv.compile({ ...(forms.definitions as Record<string, object>).forms, properties: {} })
    expect(validate({ contact: {}, quote: {}, career: {} })).toBe(false)
    expect(validate.errors?.map((error) => error.message)).toContain("must have required property 'partner'")
  })
})
