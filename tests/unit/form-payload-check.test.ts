import { describe, expect, it } from 'vitest'
import { validateFields } from '../../server/forms/validate-fields'
import { asPayloadSchema, checkPayload, payloadSchemas } from '../../blocks/form/payload-check'
import type { FormName } from '../../blocks/form/form-definition'
import { validPayloads } from '../server/support/forms-test-app'

/**
 * The browser's payload check must give the server's verdict on everything the browser can send
 * (text values and an integer fillTimeMs), so a payload it passes is never refused with a 400.
 */
// The documented calls, the contact form's optional phone left empty as the browser sends it.
const valid: Record<FormName, Record<string, unknown>> = { ...validPayloads, contact: { ...validPayloads.contact, phone: '' } }

const emails = [
  'a@b',
  'a@b.co',
  'asha..roy@example.org',
  'asha@example',
  'asha@exa_mple.org',
  ' asha@example.org',
  'ÄSHA@example.org',
  'asha+forms@example.co.in',
  'a'.repeat(250) + '@x.org',
]
const resumes = ['cv.PDF', 'cv.Docx', 'cv.doc', 'cv.txt', '.pdf', 'a.pdf', 'cv.pdf.exe', 'cv.docm']

/** The valid payload, then one change at a time: each field missing, empty, blank, at and over its limits, and odd values. */
function variants(form: FormName): Array<Record<string, unknown>> {
  const base = valid[form]
  const out: Array<Record<string, unknown>> = [base]
  for (const [key, rule] of Object.entries(payloadSchemas[form].properties)) {
    const set = (value: unknown) => out.push({ ...base, [key]: value })
    const { [key]: _, ...without } = base
    out.push(without)
    if (rule.type === 'integer') {
      for (const value of [0, 3000, -1, 1.5, 604800000, 604800001]) set(value)
      continue
    }
    for (const value of ['', ' ', '\t\n', 'x']) set(value)
    for (const value of ['Asha\nRoy', 'Asha\r\nE-mail: boss@example.org', 'A\u0000', 'A\u2028B', 'A\u0085B', 'A\u007fB']) set(value)
    if (rule.maxLength) {
      set('x'.repeat(rule.maxLength))
      set('x'.repeat(rule.maxLength + 1))
      set('😀'.repeat(rule.maxLength)) // ajv counts code points, not UTF-16 units
    }
    if (rule.format === 'email') emails.forEach(set)
    if (rule.enum) ['general', 'General', 'other'].forEach(set)
    if (key === 'resume') resumes.forEach(set)
  }
  out.push({ ...base, website: 'https://spam.example' }, { ...base, unknownField: 'x' })
  return out
}

describe("the browser's payload check", () => {
  it('refuses a schema keyword it cannot follow, instead of quietly passing what the server would refuse', () => {
    const schema = { type: 'object', additionalProperties: false, required: [], properties: { code: { type: 'string', const: 'A' } } }
    expect(() => asPayloadSchema(schema, 'test')).toThrow('does not know "const" (test → code)')
    expect(() => asPayloadSchema({ ...schema, properties: { at: { type: 'string', format: 'date' } } }, 'test')).toThrow('unknown format date')
  })

  for (const form of ['contact', 'quote', 'career'] as const) {
    it(`${form}: names the same invalid fields with the same words as the server, on ${variants(form).length} payloads`, () => {
      for (const payload of variants(form)) {
        const server = Object.fromEntries(validateFields(form, structuredClone(payload)).map(({ field, problem }) => [field, problem]))
        expect(checkPayload(form, payload), JSON.stringify(payload).slice(0, 120)).toEqual(server)
      }
    })
  }
})
