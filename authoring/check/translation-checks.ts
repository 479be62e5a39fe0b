import { isTranslations, siteLanguages } from '../../site/languages.ts'
import { translatableTexts } from '../translations/translatable-texts.ts'
import { holderPath, valueName } from './config-location.ts'
import { errorCatalogue, say } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import type { JsonPath, SourcePositions } from './source-positions.ts'
import { limitedGuesses } from './suggest.ts'
import { isRecord, walk } from './walk.ts'

type SchemaFiles = ReadonlyMap<string, Record<string, unknown>>

/** The config's languages: `site.locales` when it names two or more (as the schema asks), else none. */
export function configLanguages(data: unknown): string[] | undefined {
  const site = isRecord(data) && isRecord(data.site) ? data.site : undefined
  const locales = site?.locales
  if (!Array.isArray(locales) || locales.length < 2 || !locales.every((code) => typeof code === 'string')) return undefined
  return locales as string[]
}

/** The language of `site.locale` (of its default when the config gives none): a site of one language has it only. */
function localeLanguage(data: unknown): string {
  const locale = isRecord(data) && isRecord(data.site) && typeof data.site.locale === 'string' ? data.site.locale : undefined
  return siteLanguages({ locale: locale as string })[0]!
}

/** Looks like `{ "en": "…", "bn": "…" }`: an object of texts keyed by language codes. */
function looksLikeTranslations(value: unknown): value is Record<string, string> {
  if (!isRecord(value)) return false
  const keys = Object.keys(value)
  return keys.length > 0 && keys.every((key) => /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(key) && typeof value[key] === 'string')
}

/** The config with some of its texts (by the JSON of their paths) replaced by what the checks are to read there. */
function withTexts(data: unknown, replaced: Map<string, unknown>): unknown {
  if (replaced.size === 0) return data
  const copy = structuredClone(data)
  for (const [pointer, text] of replaced) {
    const path = JSON.parse(pointer) as JsonPath
    const holder = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], copy) as Record<string | number, unknown>
    holder[path[path.length - 1]!] = text
  }
  return copy
}

/**
 * A site of one language that writes texts per language: each such text, where the schemas take a
 * text visitors read, is reported once, and read as its first text by the other checks (which
 * would otherwise each say "an object, not a text"). The texts are found by a quick look for
 * objects of texts keyed like languages first, so a config that has none pays for no schema walk.
 */
export function oneLanguageTranslations(data: unknown, positions: SourcePositions, schemaFiles: SchemaFiles): { findings: Finding[]; data: unknown } {
  let any = false
  for (const [, value] of walk(data)) if ((any = looksLikeTranslations(value))) break
  if (!any) return { findings: [], data }
  const language = localeLanguage(data)
  const findings: Finding[] = []
  const replaced = new Map<string, string>()
  for (const { path, value } of translatableTexts(data, schemaFiles)) {
    if (!looksLikeTranslations(value)) continue
    const keys = Object.keys(value)
    const locales = [language, ...keys.filter((key) => key !== language)]
    findings.push({
      ...say(errorCatalogue.translationsWithoutLocales, { name: valueName(path), keys, locales }),
      wherePath: holderPath(path),
      valuePath: path,
      ...positions.valuePosition(path),
    })
    replaced.set(JSON.stringify(path), value[language] ?? Object.values(value)[0]!)
  }
  return { findings, data: withTexts(data, replaced) }
}

/**
 * What is wrong with the translations of a site in several languages, which the schemas (checking
 * one language at a time, each text picked out) cannot see: a language that is not the site's, an
 * empty object, a value written per language where it is the same in every language, a first
 * language that is not that of `site.locale`. Also returns the config with each translations object
 * that names an unknown language read as the texts of the site's languages in it, so the checks of
 * each language do not add "an object, not a text" at the same spot.
 */
export function translationFindings(data: unknown, positions: SourcePositions, schemaFiles: SchemaFiles, languages: string[]): { findings: Finding[]; data: unknown } {
  const findings: Finding[] = []
  const add = (said: ReturnType<typeof say>, valuePath: JsonPath, at = positions.valuePosition(valuePath)) =>
    findings.push({ ...said, wherePath: holderPath(valuePath), valuePath, ...at })
  const language = localeLanguage(data)
  if (languages[0]!.split('-')[0]!.toLowerCase() !== language) {
    const locale = isRecord(data) && isRecord(data.site) ? data.site.locale : undefined
    add(say(errorCatalogue.defaultLanguageNotLocale, { first: languages[0]!, locale: typeof locale === 'string' ? locale : language, language }), ['site', 'locales', 0])
  }

  const guess = limitedGuesses()
  const translatable = new Set<string>()
  const replaced = new Map<string, unknown>()
  for (const { path, value } of translatableTexts(data, schemaFiles)) {
    translatable.add(JSON.stringify(path))
    if (!isRecord(value) || isTranslations(value, languages)) continue
    if (Object.keys(value).length === 0) {
      add(say(errorCatalogue.emptyTranslations, { name: valueName(path), languages }), path)
      replaced.set(JSON.stringify(path), '…') // read as some text, so the schema does not also say "an object, not a text"
      continue
    }
    if (!Object.values(value).every((text) => typeof text === 'string')) continue // not texts at all: the schema's "an object, not a text"
    for (const key of Object.keys(value).filter((key) => !languages.includes(key)))
      add(say(errorCatalogue.unknownLanguage, { key, languages, guess: guess(key, languages) }), [...path, key], positions.keyPosition(path, key))
    const known = Object.fromEntries(Object.entries(value).filter(([key]) => languages.includes(key)))
    // Left with no language of the site, it is read as its first text, which every language then shows.
    replaced.set(JSON.stringify(path), Object.keys(known).length > 0 ? known : (Object.values(value)[0] as string))
  }
  for (const [path, value] of walk(data)) {
    if (path.length === 0 || !isTranslations(value, languages) || translatable.has(JSON.stringify(path))) continue
    add(say(errorCatalogue.notTranslatable, { name: valueName(path), value: value[languages[0]!] ?? Object.values(value)[0]! }), path)
  }
  return { findings, data: withTexts(data, replaced) }
}
