import type { SiteConfig } from '../../../site/generated/site-config'
import { languageName, languageTag, siteLanguages, type LanguageChoice } from '../../../site/languages'

/** A language of the site as the editor labels it: its code in the config, its full tag and its own name ("বাংলা"). */
export type EditorLanguage = Pick<LanguageChoice, 'language' | 'tag' | 'name'>

const known = new Map<string, EditorLanguage[]>()

/**
 * The site's languages, the default first; one entry for a site in one language. The same array
 * for as long as `site.locale` and `site.locales` say the same, so the fields' environment that
 * holds it stays the same object while the author types (FieldEnvironmentProvider).
 */
export function editorLanguages(site: Pick<SiteConfig['site'], 'locale' | 'locales'>): EditorLanguage[] {
  const languages = siteLanguages(site)
  const key = JSON.stringify([site.locale, languages])
  let listed = known.get(key)
  if (!listed) {
    listed = languages.map((language) => {
      const tag = languageTag(language, site)
      return { language, tag, name: languageName(tag) }
    })
    known.set(key, listed)
  }
  return listed
}

/** The languages' own names, joined for a sentence: "English, বাংলা". */
export const languageNames = (languages: readonly EditorLanguage[], codes: readonly string[]) =>
  codes.map((code) => languages.find((language) => language.language === code)?.name ?? code).join(', ')
