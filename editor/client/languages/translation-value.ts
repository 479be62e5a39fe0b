import { isTranslations, type Translations } from '../../../site/languages'

/**
 * A text as one language's input shows it: its translation; a plain string is the default
 * language's (the first); '' where the language has none yet.
 */
export function textInLanguage(value: unknown, language: string, languages: readonly string[]): string {
  if (typeof value === 'string') return language === languages[0] ? value : ''
  return isTranslations(value, languages) ? (value[language] ?? '') : ''
}

/**
 * The text with one language's words set ('' clears them), written as the config keeps it: a
 * plain string while only the default language has words, the translations (in the site's
 * order) once another has, and undefined once none has. Anything under another key of an
 * object the author wrote is kept; the checker names it.
 */
export function withTranslation(value: unknown, language: string, text: string, languages: readonly string[]): string | Translations | undefined {
  const given: Record<string, string> =
    typeof value === 'string'
      ? value === ''
        ? {}
        : { [languages[0]!]: value }
      : typeof value === 'object' && value !== null && !Array.isArray(value)
        ? { ...(value as Translations) }
        : {}
  if (text === '') delete given[language]
  else given[language] = text
  const keys = Object.keys(given)
  if (keys.length === 0) return undefined
  if (keys.length === 1 && keys[0] === languages[0]) return given[languages[0]!]
  const ordered = [...languages.filter((code) => code in given), ...keys.filter((key) => !languages.includes(key))]
  return Object.fromEntries(ordered.map((key) => [key, given[key]!]))
}

/**
 * A text as the editor names a page by it (its list, its heading, a problem's place): a plain
 * string as it is, translations by their first text (the default language's, as the editor writes
 * them first), '' for anything else.
 */
export function firstText(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ''
  return Object.values(value).find((text): text is string => typeof text === 'string') ?? ''
}
