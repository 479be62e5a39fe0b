import fs from 'node:fs'
import path from 'node:path'
import { completeFormWords } from '../../site/default-form-words.ts'
import type { SiteForms } from '../../server/forms/form-definitions.ts'

/** A Kolkata sweet shop's forms and form and mail texts, all in Bengali (tests/fixtures/language/forms.bn-IN.json). */
const fixture = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/language/forms.bn-IN.json'), 'utf8')) as {
  locale: string
  texts: Parameters<typeof completeFormWords>[0]
  forms: SiteForms
}

export const bengaliForms = fixture.forms
export const bengaliWords = completeFormWords({ locale: fixture.locale, ...fixture.texts })

/**
 * The Latin letters left in `text` once the values named are taken out (what the visitor typed, a
 * key or a code a program reads): none means nothing English reached the reader.
 */
export function latinLettersIn(text: string, except: readonly string[] = []): string[] {
  const rest = except.reduce((left, value) => left.replaceAll(value, ''), text)
  return rest.match(/[A-Za-z]+/g) ?? []
}
