// @vitest-environment node
/**
 * A site in two languages (the shipped site with Bengali, tests/fixtures/bilingual/): a form sent
 * from a Bengali page (Content-Language: bn) is answered in Bengali and confirmed to the visitor in
 * Bengali, the owners' mail staying in the default language; any other language header, however
 * written, is answered in the default language.
 */
import { describe, expect, it } from 'vitest'
import { withSchemaDefaults } from '../../authoring/config/config-defaults.ts'
import type { SiteForms } from '../../server/forms/form-definitions.ts'
import { completeFormWords } from '../../site/default-form-words.ts'
import { languageSites, type LanguageSiteConfig } from '../../site/languages.ts'
import { bilingualSiteConfig } from '../helpers/bilingual-site.ts'
import { latinLettersIn } from '../helpers/bengali-forms.ts'
import { cleanUpAfterEachTest, formsTestApp, smtpServerForTest, temporaryDir, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { waitFor } from './support/smtp-test-server.ts'

cleanUpAfterEachTest()

const config = bilingualSiteConfig()
config.forms!.contact!.confirmation = {
  subject: { en: 'Thank you, {name}', bn: 'ধন্যবাদ, {name}' } as unknown as string,
  text: { en: 'We received your message.', bn: 'আপনার বার্তা পেয়েছি।' } as unknown as string,
}
const [english, bengali] = languageSites(withSchemaDefaults(config)).map((site) => site.config) as [LanguageSiteConfig, LanguageSiteConfig]
const wordsOf = ({ site, texts }: LanguageSiteConfig) =>
  completeFormWords({ locale: site.locale, timeZone: site.timeZone, form: texts.form, mail: texts.mail } as Parameters<typeof completeFormWords>[0])
const formsOf = (site: LanguageSiteConfig) => site.forms as SiteForms

async function bilingualApp(smtpUrl?: string) {
  const app = formsTestApp({
    outboxDir: await temporaryDir(),
    forms: formsOf(english),
    words: wordsOf(english),
    languages: new Map([['bn', { forms: formsOf(bengali), words: wordsOf(bengali) }]]),
    ...(smtpUrl ? { smtpUrl } : {}),
  })
  return app
}

type Answer = { message: string; data?: { problems?: Record<string, string> } }
const saidIn = (body: Answer) => [body.message, ...Object.values(body.data?.problems ?? {})]

describe('a form of a site in two languages', () => {
  it('answers a Bengali page in Bengali: every refusal, every field problem', async () => {
    const { http } = await bilingualApp()
    for (const payload of [
      {},
      { ...validPayloads.contact, email: 'no at sign' },
      { ...validPayloads.contact, subject: 'lottery' },
      { ...validPayloads.contact, name: 'x'.repeat(500) },
    ]) {
      const answer = await http.post('/api/contact').set('x-api-key', TEST_API_KEY).set('Content-Language', 'bn').send(payload)
      expect(answer.status).toBe(400)
      // The visitor's own values (and the choices' codes the form sends) may stay as they are; nothing else is Latin.
      for (const text of saidIn(answer.body)) expect(latinLettersIn(text, ['general', 'services', 'quote', 'support']), text).toEqual([])
    }
  })

  it('answers in the default language without the header, or with one that is no language of the site', async () => {
    const { http } = await bilingualApp()
    for (const language of [undefined, 'fr', 'BN', 'bn, en', ' bn-IN', '__proto__', 'constructor', 'bn'.repeat(2000), '../bn', 'en']) {
      const request = http.post('/api/contact').set('x-api-key', TEST_API_KEY)
      const answer = await (language === undefined ? request : request.set('Content-Language', language)).send({})
      expect(answer.status, language).toBe(400)
      expect(answer.body.data.problems.name, language).toBe('Full Name is required')
    }
  })

  it('confirms to the visitor in Bengali and mails the owners in the default language', async () => {
    const smtp = await smtpServerForTest()
    const app = await bilingualApp(smtp.url)
    app.service.start()
    try {
      const answer = await app.http
        .post('/api/contact')
        .set('x-api-key', TEST_API_KEY)
        .set('Content-Language', 'bn')
        .send({ ...validPayloads.contact, fillTimeMs: 10_000 })
      expect(answer.status).toBe(200)
      expect(answer.body.message).toBe('বার্তা পাঠানো হয়েছে! ২৪ ঘণ্টার মধ্যে উত্তর দেব।')
      await waitFor(() => smtp.received.length === 2)
      const confirmation = smtp.received.find((mail) => mail.envelope.to.includes(validPayloads.contact.email))!
      expect(confirmation.parsed.subject).toBe(`ধন্যবাদ, ${validPayloads.contact.name}`)
      expect(confirmation.parsed.text).toContain('আপনার বার্তা পেয়েছি।')
      const owners = smtp.received.find((mail) => mail.envelope.to.includes('sales@example.com'))!
      expect(owners.parsed.subject).toContain('Contact form')
      expect(owners.parsed.text).toContain('New contact form submission from the website.')
      expect(owners.parsed.text).toContain('Subject: services')
    } finally {
      await app.service.stop()
    }
  })
})
