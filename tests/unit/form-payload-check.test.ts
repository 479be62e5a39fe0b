import { describe, expect, it } from 'vitest'
import { payloadSchema } from '../../blocks/form/payload-check'
import { formsConfig } from '../../blocks/form/forms-config'
import { appointmentForm, validAppointment } from '../helpers/appointment-form'
import { browserVerdict, serverVerdict } from '../helpers/server-verdict'
import { validPayloads } from '../server/support/forms-test-app'

/**
 * The browser's payload check must give the server's verdict on everything the browser can send
 * (text values and an integer fillTimeMs), so a payload it passes is never refused with a 400.
 */
// The contact form with a proof of work asked for: its payload carries the `altcha` key.
const WITH_PROOF = 'contact-with-proof'
formsConfig[WITH_PROOF] = { ...formsConfig.contact!, altcha: true }

// The documented calls, the contact form's optional phone left empty as the browser sends it.
const valid: Record<string, Record<string, unknown>> = {
  ...validPayloads,
  contact: { ...validPayloads.contact, phone: '' },
  [appointmentForm.name]: validAppointment,
  [WITH_PROOF]: { ...validPayloads.contact, altcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') },
}

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
function variants(form: string): Array<Record<string, unknown>> {
  const base = valid[form]!
  const out: Array<Record<string, unknown>> = [base]
  for (const [key, rule] of Object.entries(payloadSchema(form).properties)) {
    const set = (value: unknown) => out.push({ ...base, [key]: value })
    const { [key]: _, ...without } = base
    out.push(without)
    if (rule.type === 'integer') {
      for (const value of [0, 3000, -1, 1.5, 604800000, 604800001]) set(value)
      continue
    }
    if (rule.type === 'array') {
      for (const value of [[], ['cleaning'], ['cleaning', 'cleaning'], ['Cleaning'], ['cleaning', 'whitening', 'checkup'], 'cleaning', [1], null]) set(value)
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
    if (rule.format === 'date') ['2026-12-01', '2026-02-29', '2028-02-29', '2026-13-01', '01/12/2026', '2026-12-1'].forEach(set)
    if (key === 'resume') resumes.forEach(set)
  }
  out.push({ ...base, website: 'https://spam.example' }, { ...base, unknownField: 'x' })
  return out
}

describe("the browser's payload check", () => {
  for (const form of ['contact', 'quote', 'career', appointmentForm.name, WITH_PROOF]) {
    it(`${form}: names the same invalid fields with the same words as the server, on ${variants(form).length} payloads`, () => {
      for (const payload of variants(form)) expect(browserVerdict(form, payload), JSON.stringify(payload).slice(0, 120)).toEqual(serverVerdict(form, payload))
    })
  }
})
