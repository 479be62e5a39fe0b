import type { Route, SiteConfig } from '../../../site/generated/site-config'
import { missingTranslations, type MissingTranslation } from '../../../authoring/translations/missing-translations'
import { schemaFiles } from '../../schema-files'
import { screenFor } from '../screens/site-screens'

/** The texts of one part of the site (a page, a screen) that lack a translation, in file order. */
export interface PartGaps {
  texts: MissingTranslation[]
  /** Every language any of them lacks, the site's order. */
  languages: string[]
}

/** A site's missing translations by where the editor shows them: each page (by its index in `routes`) and each site screen (by its id). */
export interface TranslationGaps {
  pages: Map<number, PartGaps>
  screens: Map<string, PartGaps>
}

function partOf(texts: MissingTranslation[]): PartGaps | undefined {
  return texts.length === 0 ? undefined : { texts, languages: [...new Set(texts.flatMap((gap) => gap.missing))] }
}

type LanguageSettings = Pick<SiteConfig['site'], 'locale' | 'locales'>

/** A page's missing translations, by the page's object and the site's languages: a keystroke elsewhere leaves both as they were. */
const pagesWalked = new WeakMap<Route, { languages: string; gaps: PartGaps | undefined }>()

function pageGaps(route: Route, index: number, site: LanguageSettings): PartGaps | undefined {
  const languages = JSON.stringify([site.locale, site.locales])
  const known = pagesWalked.get(route)
  if (known?.languages === languages)
    return known.gaps && { ...known.gaps, texts: known.gaps.texts.map((gap) => ({ ...gap, path: ['routes', index, ...gap.path.slice(2)], route: index })) }
  // The page alone, in a config of the site's languages and nothing else: what it lacks does not depend on the rest.
  const alone = { site: { locale: site.locale, locales: site.locales }, routes: [route] } as SiteConfig
  const gaps = partOf(missingTranslations(alone, schemaFiles).filter((gap) => gap.route === 0))
  pagesWalked.set(route, { languages, gaps })
  return pageGaps(route, index, site)
}

/** The last walk of everything but the pages, and the parts of the config it walked (compared by identity). */
let settingsWalked: { parts: unknown[]; screens: Map<string, PartGaps> } | undefined

function screenGaps(config: SiteConfig): Map<string, PartGaps> {
  const keys = Object.keys(config).filter((key) => key !== 'routes')
  const parts = keys.flatMap((key) => [key, config[key as keyof SiteConfig]])
  if (settingsWalked && settingsWalked.parts.length === parts.length && settingsWalked.parts.every((part, index) => part === parts[index])) return settingsWalked.screens
  const byScreen = new Map<string, MissingTranslation[]>()
  for (const gap of missingTranslations({ ...config, routes: [] }, schemaFiles)) {
    const screen = screenFor(gap.path)
    if (screen) byScreen.set(screen.id, [...(byScreen.get(screen.id) ?? []), gap])
  }
  const screens = new Map([...byScreen].map(([id, texts]) => [id, partOf(texts)!]))
  settingsWalked = { parts, screens }
  return screens
}

const found = new WeakMap<SiteConfig, TranslationGaps>()

/**
 * The missing translations of a config (authoring/translations/missing-translations.ts), sorted
 * by page and screen. Cheap on a large site while the author types: an edit copies just the
 * branch it changes, so each page is walked again only when it changed itself, the settings,
 * menus, footer and words only when one of them did, and the whole answer is remembered for each
 * config the page list, the nav and the page ask about. Empty for a site in one language.
 */
export function translationGaps(config: SiteConfig): TranslationGaps {
  const known = found.get(config)
  if (known) return known
  const pages = new Map<number, PartGaps>()
  config.routes.forEach((route, index) => {
    const gaps = pageGaps(route, index, config.site)
    if (gaps) pages.set(index, gaps)
  })
  const gaps: TranslationGaps = { pages, screens: screenGaps(config) }
  found.set(config, gaps)
  return gaps
}
