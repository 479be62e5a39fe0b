// @vitest-environment node
/** A Bengali site's mails: the owners' mail (text and HTML) and the visitor's confirmation say nothing in English but what the visitor typed. */
import { describe, expect, it } from 'vitest'
import { formDefinitionsOf } from '../../server/forms/form-definitions.ts'
import { composeConfirmation } from '../../server/mail/compose-confirmation.ts'
import { composeMail, type FormsMail } from '../../server/mail/compose-mail.ts'
import type { OutboxMessage } from '../../server/queue/outbox-message.ts'
import { bengaliForms, bengaliWords, latinLettersIn } from '../helpers/bengali-forms.ts'

const definitions = formDefinitionsOf(bengaliForms, bengaliWords)
const mail: FormsMail = {
  from: 'shop@example.in',
  to: new Map([...definitions.keys()].map((name) => [name, ['owner@example.in']])),
  wording: new Map([...definitions].map(([name, form]) => [name, { ...form.mail, ...(form.file ? { file: { name: form.file.name, label: form.file.label } } : {}) }])),
}

const email = 'sumitra@example.in'
const order: OutboxMessage = {
  version: 1,
  id: 'order-k3f9a1',
  form: 'order',
  receivedAt: '2026-12-01T09:34:00.000Z',
  fields: { name: 'সুমিত্রা মিত্র', email, flavour: 'চকোলেট', pickup: '2026-12-05', message: 'নাম লিখে দেবেন।' },
}

/** The words of an HTML part, without its tags and entities. */
const wordsOfHtml = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&[a-z]+;|&#\d+;/g, ' ')

describe("a Bengali site's mails", () => {
  it("frame the owners' mail in Bengali, with the pickup day and the time received in Bengali digits", () => {
    const composed = composeMail(order, mail)
    const text = String(composed.text)
    for (const part of [text, wordsOfHtml(String(composed.html)), String(composed.subject)]) expect(latinLettersIn(part, [email, order.id]), part).toEqual([])
    expect(text).toContain('ওয়েবসাইট থেকে নতুন কেকের অর্ডার।')
    expect(text).toMatch(/কেক নেওয়ার তারিখ: ৫ ডিসেম্বর,? ২০২৬/)
    // 09:34 UTC is 15:04 in Kolkata.
    expect(text).toMatch(/পৌঁছেছে: ১ ডিসেম্বর,? ২০২৬.*১৫:০৪/)
    expect(String(composed.html)).toContain('<html lang="bn-IN">')
  })

  it('say a missing file and a missing name in Bengali', () => {
    const photo: OutboxMessage = { ...order, id: 'photo-k1', form: 'photo', fields: { email, picture: 'cake.png' } }
    const composed = composeMail(photo, mail)
    expect(String(composed.subject)).toBe('কেকের ছবি: নামহীন অতিথি')
    expect(String(composed.text)).toContain('ছবি (সংযুক্ত): নেই: শুধু ফাইলের নাম পাঠানো হয়েছে')
    expect(latinLettersIn(String(composed.text), [email, photo.id, 'cake.png'])).toEqual([])
  })

  it("write the pickup day of the visitor's confirmation in Bengali", () => {
    const confirmation = composeConfirmation({ ...order, action: 'confirmation' }, mail.from, definitions.get('order')!.confirmation!)
    expect(confirmation.text).toMatch(/^নমস্কার সুমিত্রা মিত্র,\n\n৫ ডিসেম্বর,? ২০২৬ তারিখের অর্ডার পেয়েছি।/)
    expect(latinLettersIn(`${String(confirmation.subject)}\n${String(confirmation.text)}`)).toEqual([])
  })
})
