import siteSettingsSchema from '../schemas/defs/site-settings.schema.json' with { type: 'json' }
import textsSchema from '../schemas/defs/texts.schema.json' with { type: 'json' }
import { DATE_PROBLEM_TEXTS, type DateProblemTexts } from './date-rule-words.ts'

/**
 * What the server needs of the site, besides its forms, to judge and refuse a date in the site's
 * words: its locale, its time zone and the date texts of texts.form. Read from the config the
 * site was built from; what the config leaves out takes the schemas' defaults, read from the
 * schemas themselves so each default stays written once.
 */
export interface FormsLanguage {
  locale: string
  timeZone: string
  texts: DateProblemTexts
}

interface ConfigLanguage {
  site?: { locale?: string; timeZone?: string }
  texts?: { form?: Partial<Record<string, string>> }
}

const formTextDefaults = textsSchema.properties.form.properties

export function formsLanguageOf(config: ConfigLanguage = {}): FormsLanguage {
  const written = config.texts?.form ?? {}
  const texts = Object.fromEntries(Object.values(DATE_PROBLEM_TEXTS).map((key) => [key, written[key] ?? formTextDefaults[key].default])) as DateProblemTexts
  return {
    locale: config.site?.locale ?? siteSettingsSchema.properties.locale.default,
    timeZone: config.site?.timeZone ?? siteSettingsSchema.properties.timeZone.default,
    texts,
  }
}
