import { fullFormats } from 'ajv-formats/dist/formats'
import { describe, expect, it } from 'vitest'
import { FIELD_FORMATS, fileNamePattern } from '../../site/form-rules'
import { appointmentForm, validAppointment } from '../helpers/appointment-form'
import { browserVerdict, serverVerdict } from '../helpers/server-verdict'
import { validPayloads } from '../server/support/forms-test-app'

const { contact, quote, career } = validPayloads

/**
 * One payload of each kind a visitor (or a script) can send, with the verdict both the server and
 * the browser must give: each wrong field with the sentence the visitor reads (the schema's English). An empty verdict means
 * accepted.
 */
const verdicts: Array<[string, string, Record<string, unknown>, Record<string, string>]> = [
  ['a contact message', 'contact', contact, {}],
  ['a contact message with the optional phone left empty', 'contact', { ...contact, phone: '' }, {}],
  ['a contact message at every length limit', 'contact', { ...contact, name: 'A'.repeat(120), phone: '1'.repeat(40), message: 'm'.repeat(5000) }, {}],
  ['a quote request', 'quote', quote, {}],
  ['an application', 'career', career, {}],
  ['an application with a .DOCX in capitals', 'career', { ...career, resume: 'CV.DOCX' }, {}],
  ['an application with a timing and an empty honeypot', 'career', { ...career, fillTimeMs: 5200, website: '' }, {}],
  ['a missing field', 'contact', { ...contact, email: undefined }, { email: 'Email Address is required' }],
  ['an empty field', 'quote', { ...quote, company: '' }, { company: 'Organization is required' }],
  ['a field of spaces only', 'contact', { ...contact, message: '   ' }, { message: 'Message is required' }],
  ['a name one character too long', 'contact', { ...contact, name: 'A'.repeat(121) }, { name: 'Full Name must be at most 120 characters' }],
  ['a message too long in emoji (counted as characters)', 'contact', { ...contact, message: '😀'.repeat(5001) }, { message: 'Message must be at most 5,000 characters' }],
  ['a résumé name too short', 'career', { ...career, resume: '.pdf' }, { resume: 'Resume must be at least 5 characters' }],
  [
    'a name with a line break (a fake mail header)',
    'contact',
    { ...contact, name: 'Asha\r\nE-mail: boss@example.org' },
    { name: 'Full Name must be a single line, without line breaks or control characters' },
  ],
  ['a phone with a Unicode line separator', 'quote', { ...quote, phone: '1\u20282' }, { phone: 'Phone Number must be a single line, without line breaks or control characters' }],
  ['an e-mail address without its @', 'contact', { ...contact, email: 'asha at example.org' }, { email: 'Email Address must be a valid e-mail address' }],
  ['a subject outside the list', 'contact', { ...contact, subject: 'other' }, { subject: 'Subject must be one of: general, services, quote, support' }],
  ['a résumé of another kind', 'career', { ...career, resume: 'cv.txt' }, { resume: 'Resume must be a file ending in .pdf, .doc, .docx' }],
  ['a field that is a list, not text', 'quote', { ...quote, service: ['a', 'b'] }, { service: 'service has a value this form does not accept' }],
  ['a timing that is not a whole number', 'contact', { ...contact, fillTimeMs: 1.5 }, { fillTimeMs: 'fillTimeMs has a value this form does not accept' }],
  ['a negative timing', 'contact', { ...contact, fillTimeMs: -1 }, { fillTimeMs: 'fillTimeMs has a value this form does not accept' }],
  ['a timing over a week', 'career', { ...career, fillTimeMs: 604800001 }, { fillTimeMs: 'fillTimeMs has a value this form does not accept' }],
  ['a field the form does not have', 'contact', { ...contact, unknownField: 'x' }, { unknownField: 'unknownField has a value this form does not accept' }],
  [
    'several wrong fields at once',
    'career',
    { name: ' ', email: 'a@b', phone: 'x'.repeat(41), position: 'Job Application', resume: 'cv.exe' },
    {
      name: 'Full Name is required',
      email: 'Email Address must be a valid e-mail address',
      phone: 'Phone Number must be at most 40 characters',
      resume: 'Resume must be a file ending in .pdf, .doc, .docx',
    },
  ],
  ['an appointment with a date and two treatments', appointmentForm.name, validAppointment, {}],
  ['an appointment with its optional note and date left empty', appointmentForm.name, { ...validAppointment, note: '', date: '' }, {}],
  [
    'an appointment on a day the calendar does not have, with a treatment not offered',
    appointmentForm.name,
    { ...validAppointment, date: '2026-02-30', treatments: ['cleaning', 'surgery'] },
    { date: 'Preferred day must be a date (YYYY-MM-DD)', treatments: 'Treatments must be one of: cleaning, whitening, checkup' },
  ],
  ['an appointment with no treatment ticked', appointmentForm.name, { ...validAppointment, treatments: [] }, { treatments: 'Treatments is required' }],
  [
    'an appointment naming a treatment twice',
    appointmentForm.name,
    { ...validAppointment, treatments: ['cleaning', 'cleaning'] },
    { treatments: 'Treatments has a value this form does not accept' },
  ],
]

describe('the form rules shared by the server and the browser (site/form-rules.ts)', () => {
  it.each(verdicts)('%s: the server and the browser give the same verdict in the same words', (_kind, form, sent, expected) => {
    const payload = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined))
    expect(serverVerdict(form, payload)).toEqual(expected)
    expect(browserVerdict(form, payload)).toEqual(expected)
  })

  it("takes the e-mail rule of ajv-formats' full mode, which the browser cannot afford to load", () => {
    expect(FIELD_FORMATS.email.pattern.source).toBe((fullFormats.email as RegExp).source)
    expect(FIELD_FORMATS.email.pattern.flags).toBe((fullFormats.email as RegExp).flags)
  })

  it('keeps a value to one line: line breaks, other control characters and the Unicode separators are refused', () => {
    const singleLine = FIELD_FORMATS['single-line'].pattern
    for (const value of ['Asha Roy', '+91 98300 12345', 'Zoë Ünal — café', '']) expect(singleLine.test(value), value).toBe(true)
    for (const value of ['a\nb', 'a\rb', 'a\tb', 'a\u0000b', 'a\u007fb', 'a\u0085b', 'a\u2028b', 'a\u2029b']) expect(singleLine.test(value), JSON.stringify(value)).toBe(false)
  })

  it("takes ajv-formats' verdict on dates, leap years included", () => {
    const dates = ['2026-12-01', '2026-02-29', '2028-02-29', '2100-02-29', '2000-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '26-12-01', '2026-12-01T10:00', '']
    for (const value of dates) expect(FIELD_FORMATS.date.valid(value), value).toBe((fullFormats.date as { validate: (text: string) => boolean }).validate(value))
  })

  it("names the résumé endings its field's pattern accepts, in any letter case, and no other", () => {
    const endings = ['pdf', 'doc', 'docx']
    const pattern = new RegExp(fileNamePattern(endings), 'u')
    for (const ending of endings) for (const name of [`cv.${ending}`, `cv.${ending.toUpperCase()}`]) expect(pattern.test(name), name).toBe(true)
    for (const name of ['cv.txt', 'cv.docm', 'cv.pdf.exe', 'cv.odt', 'cvpdf']) expect(pattern.test(name), name).toBe(false)
  })
})
