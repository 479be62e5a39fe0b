import siteSettingsSchema from '../schemas/defs/site-settings.schema.json' with { type: 'json' }
import textsSchema from '../schemas/defs/texts.schema.json' with { type: 'json' }
import type { FormTexts, FormWords, MailTexts } from './form-words.ts'

/**
 * The forms' words as the schemas' defaults give them, for the server (a page has its texts
 * already complete, and never loads the schemas). Kept apart from site/form-words.ts for that reason.
 */
type TextGroupSchema = { properties: Record<string, { default: string }> }
const defaultsOf = (group: TextGroupSchema) => Object.fromEntries(Object.entries(group.properties).map(([name, text]) => [name, text.default]))

/** The schema's English: what a site that translates nothing says, and what the server says of a build that wrote no words. */
export const DEFAULT_FORM_WORDS: FormWords = {
  locale: siteSettingsSchema.properties.locale.default,
  timeZone: siteSettingsSchema.properties.timeZone.default,
  form: defaultsOf(textsSchema.properties.form as TextGroupSchema) as FormTexts,
  mail: defaultsOf(textsSchema.properties.mail as TextGroupSchema) as MailTexts,
}

/** Words as a config gives them (any text left out), completed with the schema's English. */
export const completeFormWords = (words: {
  locale?: string | undefined
  timeZone?: string | undefined
  form?: Partial<FormTexts> | undefined
  mail?: Partial<MailTexts> | undefined
}): FormWords => ({
  locale: words.locale ?? DEFAULT_FORM_WORDS.locale,
  timeZone: words.timeZone ?? DEFAULT_FORM_WORDS.timeZone,
  form: { ...DEFAULT_FORM_WORDS.form, ...words.form },
  mail: { ...DEFAULT_FORM_WORDS.mail, ...words.mail },
})
