import type { SiteSettings } from './generated/site-config'

/**
 * An office's country (ISO 3166-1 alpha-2) for search engines: its own `country`, else the region
 * of the site's locale (IN for en-IN). A locale without a region ("en") names no country rather
 * than a guessed one: English is written in many.
 */
export function officeCountry(office: Pick<SiteSettings['offices'][number], 'country'>, locale: string): string | undefined {
  if (office.country) return office.country
  try {
    return new Intl.Locale(locale).region
  } catch {
    // The checker refuses a locale browsers cannot read before any build; nothing to add then.
    return undefined
  }
}
