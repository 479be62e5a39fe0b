import type { Route, SiteConfig } from './generated/site-config'
import type { RouteSummary } from './page-content'

/**
 * One site in several languages (`site.locales`, the first the default). A visible text is a
 * plain string or its translations, `{ "en": "About us", "bn": "আমাদের কথা" }`; each language is
 * built as a site of its own (languageSites): its texts picked out, its pages under `/<language>`
 * (the default language's at the root), each page told where its other languages are. A page is in
 * a language when its title is given in it: the default language has every page, and a page joins
 * another language as it is translated, title first. Pure: the build, the dev server, the
 * checker and the editor's preview all read a config's languages through this module.
 */

/** A visible text in several languages, keyed by the codes of `site.locales`. */
export type Translations = Record<string, string>

/** A language the visitor may switch to: its code, its BCP 47 tag, its own name for itself and its home page. */
export interface LanguageChoice {
  language: string
  tag: string
  name: string
  home: string
}

/** What a page of one language knows of the others (the shell's `languages`). */
export interface SiteLanguages {
  current: string
  choices: LanguageChoice[]
}

/** A route as a language's site has it: where the same page is in each of its languages (code → path). */
type LanguageRoute = Route & Pick<RouteSummary, 'alternates'>

/** The config of one language's site: texts picked out, paths prefixed; `languages` only when there are several. */
export type LanguageSiteConfig = Omit<SiteConfig, 'routes'> & { routes: LanguageRoute[]; languages?: SiteLanguages }

export interface LanguageSite {
  language: string
  tag: string
  /** '' for the default language, '/bn' for the others. */
  prefix: string
  config: LanguageSiteConfig
}

type SiteLanguageSettings = Pick<SiteConfig['site'], 'locale' | 'locales'>

const primaryOf = (tag: string) => tag.split('-')[0]!.toLowerCase()

/** The site's languages, the default first: `site.locales`, or the one of `site.locale` when it has none. */
export function siteLanguages(site: SiteLanguageSettings): string[] {
  return site.locales?.length ? site.locales : [primaryOf(site.locale ?? 'en')]
}

/**
 * A language's full tag for `<html lang>`, hreflang and Intl: the default language keeps
 * `site.locale` (en-IN); another takes its region (bn → bn-IN) unless it names its own (pt-BR).
 */
export function languageTag(language: string, site: SiteLanguageSettings): string {
  const locale = site.locale ?? 'en'
  if (language.includes('-')) return language
  if (primaryOf(locale) === language.toLowerCase()) return locale
  const region = locale
    .split('-')
    .slice(1)
    .find((part) => /^[A-Za-z]{2}$|^\d{3}$/.test(part))
  return region ? `${language}-${region}` : language
}

/** Where a language's pages live: '' for the default, `/<language>` (lower case) for the others. */
export function languagePrefix(language: string, languages: readonly string[]): string {
  return language === languages[0] ? '' : `/${language.toLowerCase()}`
}

/** A page's path in a language: `/about` → `/bn/about`, `/` → `/bn`. */
export function pathInLanguage(path: string, prefix: string): string {
  if (!prefix) return path
  return path === '/' ? prefix : prefix + path
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Whether a value is a text's translations: an object, not empty, of strings keyed by the site's languages only. */
export function isTranslations(value: unknown, languages: readonly string[]): value is Translations {
  if (!isPlainObject(value)) return false
  const keys = Object.keys(value)
  return keys.length > 0 && keys.every((key) => languages.includes(key) && typeof value[key] === 'string')
}

/** A text in one language: its translation, else the default language's, else the first given (never undefined). */
export function textIn(text: string | Translations, language: string, languages: readonly string[]): string {
  if (typeof text === 'string') return text
  return text[language] ?? text[languages[0]!] ?? Object.values(text)[0]!
}

/** A value with every translated text in it replaced by its text in `language` (a new value; the one given is left as it was). */
export function inLanguage<T>(value: T, language: string, languages: readonly string[]): T {
  const walk = (node: unknown): unknown => {
    if (isTranslations(node, languages)) return textIn(node, language, languages)
    if (Array.isArray(node)) return node.map(walk)
    if (isPlainObject(node)) return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]))
    return node
  }
  return walk(value) as T
}

/** Whether a page is in a language: every page is in the default one, another only once the page's title is given in it. */
export function pageIsIn(route: Pick<Route, 'title'>, language: string, languages: readonly string[]): boolean {
  if (language === languages[0]) return true
  const title: unknown = route.title
  return isTranslations(title, languages) && typeof title[language] === 'string'
}

/** The languages a page is in, the site's order. */
export function pageLanguages(route: Pick<Route, 'title'>, languages: readonly string[]): string[] {
  return languages.filter((language) => pageIsIn(route, language, languages))
}

/** The name a language gives itself ("বাংলা", "English"), as the switcher shows it. */
export function languageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag.split('-')[0]!)
    return name ? name.charAt(0).toLocaleUpperCase(tag) + name.slice(1) : tag
  } catch {
    return tag
  }
}

/**
 * Each language's site, the default first. A config with one language comes back as it was (no
 * `languages`, no alternates), so a site that never names `site.locales` builds the same pages as
 * before. With several, each site's routes are the pages in its language at their prefixed paths,
 * their aliases under the same prefix (an old address written in a link leads to the page in the
 * link's language), each with `alternates` when it is in more than one language; `site.locale` is
 * the language's tag, so `<html lang>` and every number and date follow.
 */
export function languageSites(config: SiteConfig): LanguageSite[] {
  const { site } = config
  const languages = siteLanguages(site)
  if (languages.length < 2) return [{ language: languages[0]!, tag: site.locale ?? languages[0]!, prefix: '', config }]
  const prefixes = new Map(languages.map((language) => [language, languagePrefix(language, languages)]))
  const choices: LanguageChoice[] = languages.map((language) => {
    const tag = languageTag(language, site)
    return { language, tag, name: languageName(tag), home: pathInLanguage('/', prefixes.get(language)!) }
  })
  const alternatesOf = (route: Route) => {
    const inLanguages = pageLanguages(route, languages)
    return inLanguages.length < 2 ? undefined : Object.fromEntries(inLanguages.map((language) => [language, pathInLanguage(route.path, prefixes.get(language)!)]))
  }
  return languages.map((language) => {
    const prefix = prefixes.get(language)!
    const tag = languageTag(language, site)
    const localized = inLanguage(config, language, languages)
    const routes: LanguageRoute[] = config.routes.flatMap((route, index) => {
      if (!pageIsIn(route, language, languages)) return []
      const alternates = alternatesOf(route)
      const { aliases, ...rest } = localized.routes[index]!
      const inLanguageAliases = aliases?.map((alias) => pathInLanguage(alias, prefix))
      return [{ ...rest, path: pathInLanguage(route.path, prefix), ...(inLanguageAliases ? { aliases: inLanguageAliases } : {}), ...(alternates ? { alternates } : {}) }]
    })
    return {
      language,
      tag,
      prefix,
      config: { ...localized, site: { ...localized.site, locale: tag }, routes, languages: { current: language, choices } },
    }
  })
}
