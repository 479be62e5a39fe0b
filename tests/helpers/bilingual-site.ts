import fs from 'node:fs'
import path from 'node:path'
import type { SiteConfig } from '../../site/generated/site-config'

/** The shipped site.config.json as written, one language. */
export const shippedConfig = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../site.config.json'), 'utf8')) as SiteConfig

/** The pages given in Bengali, by their (English) path: every other page is in English only. */
const bengaliTitles: Record<string, string> = { '/': 'প্রথম পাতা', '/about': 'আমাদের কথা', '/contact': 'যোগাযোগ' }

/**
 * The shipped site in English and Bengali (`site.locales` ["en", "bn"], en-IN the default's tag):
 * its home, about and contact pages given a Bengali title, and the switcher's name and the 404
 * page's title in both languages.
 */
export function bilingualSite(): SiteConfig {
  const config = structuredClone(shippedConfig)
  config.site.locale = 'en-IN'
  config.site.locales = ['en', 'bn']
  for (const route of config.routes) {
    const bengali = bengaliTitles[route.path]
    if (bengali) (route as { title: unknown }).title = { en: route.title, bn: bengali }
  }
  const texts = ((config as { texts?: unknown }).texts ??= {}) as Record<string, Record<string, unknown>>
  texts.header = { ...texts.header, languages: { en: 'Language', bn: 'ভাষা' } }
  texts.notFound = { ...texts.notFound, title: { en: 'Page Not Found', bn: 'পাতাটি পাওয়া যায়নি' } }
  return config
}
