import siteConfig from '../../../site.config.json'
import type { SiteConfig } from '../../../site/generated/site-config'

/** The shipped site with a second language, Bengali, as an author turns it on: `site.locales` given, no text translated yet. */
export const inEnglishAndBengali = (): SiteConfig => {
  const shipped = structuredClone(siteConfig) as unknown as SiteConfig
  return { ...shipped, site: { ...shipped.site, locale: 'en-IN', locales: ['en', 'bn'] } }
}
