import type { SiteConfig } from '../../../site/generated/site-config'
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

function addTo<K>(parts: Map<K, PartGaps>, key: K, gap: MissingTranslation) {
  const part = parts.get(key) ?? { texts: [], languages: [] }
  part.texts.push(gap)
  part.languages = [...new Set([...part.languages, ...gap.missing])]
  parts.set(key, part)
}

const found = new WeakMap<SiteConfig, TranslationGaps>()

/**
 * The missing translations of a config (authoring/translations/missing-translations.ts), sorted
 * by page and screen. Remembered for each config: an edit makes a new config object and the page
 * list, the nav and the page ask again for the same one, so the site's texts are walked once per
 * edit, however many parts ask. Empty for a site in one language.
 */
export function translationGaps(config: SiteConfig): TranslationGaps {
  const known = found.get(config)
  if (known) return known
  const gaps: TranslationGaps = { pages: new Map(), screens: new Map() }
  for (const gap of missingTranslations(config, schemaFiles)) {
    if (gap.route !== undefined) addTo(gaps.pages, gap.route, gap)
    else {
      const screen = screenFor(gap.path)
      if (screen) addTo(gaps.screens, screen.id, gap)
    }
  }
  found.set(config, gaps)
  return gaps
}
