/**
 * One site in several languages: a config whose texts are given per language becomes a site per
 * language (site/languages.ts), and the translations it still lacks are found at their places
 * (authoring/translations/), the shipped config serving as the site.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSchemaFiles } from '../../authoring/schemas/schema-files'
import { schemasDir } from '../../authoring/project-paths'
import { missingTranslations } from '../../authoring/translations/missing-translations'
import { translatableTexts } from '../../authoring/translations/translatable-texts'
import type { SiteConfig } from '../../site/generated/site-config'
import { root } from '../../scripts/lib/paths'
import { inLanguage, languageSites, languageTag, pathInLanguage } from '../../site/languages'

const schemas = readSchemaFiles(schemasDir).schemas
const readProjectConfig = (): SiteConfig => JSON.parse(fs.readFileSync(path.join(root, 'site.config.json'), 'utf8')) as SiteConfig

function bilingual(): SiteConfig {
  const config = structuredClone(readProjectConfig())
  config.site.locale = 'en-IN'
  config.site.locales = ['en', 'bn']
  const about = config.routes.find((route) => route.path === '/about')!
  ;(about as { title: unknown }).title = { en: about.title, bn: 'আমাদের কথা' }
  const contact = config.routes.find((route) => route.path === '/contact')!
  ;(contact as { title: unknown }).title = { en: contact.title, bn: 'যোগাযোগ' }
  return config
}

describe('a site in two languages', () => {
  it('builds the default language at the root and the other under its prefix, with only the pages translated into it', () => {
    const [english, bengali] = languageSites(bilingual())
    expect(english!.prefix).toBe('')
    expect(english!.config.routes.map((route) => route.path)).toContain('/contact')
    expect(bengali!.prefix).toBe('/bn')
    expect(bengali!.config.routes.map((route) => route.path)).toEqual(['/bn/about', '/bn/contact'])
    // An old address of a page leads to the page in its language.
    expect(bengali!.config.routes[1]!.aliases).toEqual(['/bn/Contact'])
    expect(english!.config.routes.find((route) => route.path === '/contact')!.aliases).toEqual(['/Contact'])
    expect(bengali!.config.routes[0]!.title).toBe('আমাদের কথা')
    expect(bengali!.config.site.locale).toBe('bn-IN')
    expect(bengali!.config.routes[0]!.alternates).toEqual({ en: '/about', bn: '/bn/about' })
    expect(english!.config.routes.find((route) => route.path === '/about')!.alternates).toEqual({ en: '/about', bn: '/bn/about' })
    expect(english!.config.routes.find((route) => route.path === '/get-quote')!.alternates).toBeUndefined()
    expect(bengali!.config.languages?.choices.map((choice) => [choice.language, choice.home])).toEqual([
      ['en', '/'],
      ['bn', '/bn'],
    ])
    expect(bengali!.config.languages?.choices[1]!.name).toBe('বাংলা')
  })

  it('leaves a site with one language as it was', () => {
    const config = readProjectConfig()
    const [only] = languageSites(config)
    expect(only!.config).toBe(config)
  })

  it('picks each text in a language, falling back to the default language', () => {
    const text = { heading: { en: 'Our Story', bn: 'আমাদের গল্প' }, intro: { en: 'Since 2016' }, to: '/about' }
    expect(inLanguage(text, 'bn', ['en', 'bn'])).toEqual({ heading: 'আমাদের গল্প', intro: 'Since 2016', to: '/about' })
    // An object whose keys are not the site's languages is not a text's translations.
    expect(inLanguage({ x: { fr: 'Bonjour' } }, 'bn', ['en', 'bn'])).toEqual({ x: { fr: 'Bonjour' } })
  })

  it('tags each language with the region of site.locale unless it names its own', () => {
    expect(languageTag('en', { locale: 'en-IN' })).toBe('en-IN')
    expect(languageTag('bn', { locale: 'en-IN' })).toBe('bn-IN')
    expect(languageTag('pt-BR', { locale: 'en-IN' })).toBe('pt-BR')
    expect(pathInLanguage('/', '/bn')).toBe('/bn')
  })
})

describe('translatable texts and missing translations', () => {
  it('finds the texts of blocks, menus, settings and words, and no address, icon or colour', () => {
    const paths = translatableTexts(readProjectConfig(), schemas).map(({ path }) => path.join('/'))
    expect(paths).toContain('site/name')
    expect(paths).toContain('routes/0/title')
    expect(paths.some((path) => /^routes\/\d+\/blocks\/\d+\/heading$/.test(path))).toBe(true)
    expect(paths.some((path) => /^navigation\//.test(path))).toBe(true)
    expect(paths).toContain('texts/notFound/title')
    expect(paths.filter((path) => /\/(to|src|icon|url|mapUrl)$|^site\/(phone|email|url|locale)$/.test(path))).toEqual([])
  })

  it('reports a page in a language for each of its texts still in the default language only, and the shared texts for every language', () => {
    const config = bilingual()
    const missing = missingTranslations(config, schemas)
    const aboutIndex = config.routes.findIndex((route) => route.path === '/about')
    const quoteIndex = config.routes.findIndex((route) => route.path === '/get-quote')
    expect(missing.some((entry) => entry.route === aboutIndex && entry.path[2] === 'blocks' && entry.missing.join() === 'bn')).toBe(true)
    expect(missing.some((entry) => entry.path.join('/') === `routes/${aboutIndex}/title`)).toBe(false)
    // A page not in Bengali lacks nothing.
    expect(missing.some((entry) => entry.route === quoteIndex)).toBe(false)
    expect(missing.some((entry) => entry.path.join('/') === 'site/name' && entry.missing.join() === 'bn')).toBe(true)
    expect(missingTranslations(readProjectConfig(), schemas)).toEqual([])
  })
})
