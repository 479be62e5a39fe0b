import type { SiteConfig } from '../../site/generated/site-config.ts'
import { isTranslations, pageLanguages, siteLanguages } from '../../site/languages.ts'
import { translatableTexts, type TextPath } from './translatable-texts.ts'

/** A text not yet given in every language it is shown in. */
export interface MissingTranslation {
  path: TextPath
  /** The languages it lacks, the site's order. */
  missing: string[]
  /** The index in `routes` of the page it is on; undefined for the texts every page shows (settings, menus, footer, words). */
  route?: number
}

/**
 * The translations a site in several languages still lacks. A text on a page is needed in the
 * page's languages (site/languages.ts: the default, and each its title is given in); any other text
 * (settings, menus, footer, the site's words) in every language, as every page shows it. A plain
 * string, or a text left to its schema's default, is the default language's only. Empty for a site
 * with one language.
 */
export function missingTranslations(config: SiteConfig, schemas: ReadonlyMap<string, Record<string, unknown>>): MissingTranslation[] {
  const languages = siteLanguages(config.site)
  if (languages.length < 2) return []
  const missing: MissingTranslation[] = []
  for (const { path, value } of translatableTexts(config, schemas)) {
    const route = path[0] === 'routes' && typeof path[1] === 'number' ? path[1] : undefined
    const needed = route === undefined ? languages : pageLanguages(config.routes[route] ?? { title: '' }, languages)
    const given = isTranslations(value, languages) ? Object.keys(value) : [languages[0]]
    const lacking = needed.filter((language) => !given.includes(language))
    if (lacking.length > 0) missing.push({ path, missing: lacking, ...(route === undefined ? {} : { route }) })
  }
  return missing
}
