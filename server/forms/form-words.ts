import fs from 'node:fs'
import path from 'node:path'
import { builtSiteFiles, type BuiltLanguage } from '../../site/built-site-files.ts'
import { completeFormWords, DEFAULT_FORM_WORDS } from '../../site/default-form-words.ts'
import type { FormWords } from '../../site/form-words.ts'
import type { LanguageForms, SiteForms } from './form-definitions.ts'

/**
 * The words the content build wrote beside the forms. A folder without them (built before the
 * server read its words, or a test's hand-made site) is answered in the schema's English.
 */
export function readBuiltFormWords(distDir: string): FormWords {
  const file = path.join(distDir, builtSiteFiles.formWords)
  return fs.existsSync(file) ? completeFormWords(JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<FormWords>) : DEFAULT_FORM_WORDS
}

/**
 * A site of several languages: the forms and words of each language but the default, by language
 * code, from the build's .site-languages.json (empty for a site of one language).
 */
export function readBuiltLanguageForms(distDir: string): Map<string, LanguageForms> {
  const file = path.join(distDir, builtSiteFiles.languages)
  if (!fs.existsSync(file)) return new Map()
  const languages = JSON.parse(fs.readFileSync(file, 'utf8')) as BuiltLanguage[]
  return new Map(
    languages.flatMap(({ language, forms, words }) =>
      forms && words ? [[language, { forms: forms as SiteForms, words: completeFormWords(words as Partial<FormWords>) }] as const] : [],
    ),
  )
}
