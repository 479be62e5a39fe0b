import fs from 'node:fs'
import path from 'node:path'
import { withSchemaDefaults } from '../../authoring/config/config-defaults.ts'
import { valueAt } from '../../authoring/value-at.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'

const projectDir = path.join(import.meta.dirname, '../..')

/** tests/fixtures/bilingual/translations.json: the Bengali of the shipped site's three pages and shell, by JSON pointer. */
interface BilingualFixture {
  locales: string[]
  /** Which page (path) the route at each pointer must be. */
  pages: Record<string, string>
  bn: Record<string, string>
}

const segmentsOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))

/**
 * The shipped site (site.config.json as it is now) with a second language, Bengali (`bn`), for
 * `/`, `/about` and `/contact` and the shell: every text of the fixture becomes
 * `{ "en": <today's English>, "bn": <the fixture's> }`, the English read from the config, or from
 * the schema's default where the config leaves a text to it (texts.header, texts.form, …). A
 * pointer the config no longer has, or a route that is no longer the page the fixture translates,
 * fails here by name: update tests/fixtures/bilingual/translations.json with the config.
 */
export function bilingualSiteConfig(configFile = path.join(projectDir, 'site.config.json')): SiteConfig {
  const fixture = JSON.parse(fs.readFileSync(path.join(projectDir, 'tests/fixtures/bilingual/translations.json'), 'utf8')) as BilingualFixture
  const config = JSON.parse(fs.readFileSync(configFile, 'utf8')) as SiteConfig
  const defaulted = withSchemaDefaults(structuredClone(config))
  for (const [pointer, page] of Object.entries(fixture.pages)) {
    const found = valueAt(config, [...segmentsOf(pointer), 'path'])
    if (found !== page) throw new Error(`bilingual fixture: ${pointer} is ${String(found)} in ${configFile}, not ${page}; update tests/fixtures/bilingual/translations.json`)
  }
  for (const [pointer, bengali] of Object.entries(fixture.bn)) {
    const segments = segmentsOf(pointer)
    const english = valueAt(defaulted, segments)
    if (typeof english !== 'string') throw new Error(`bilingual fixture: ${configFile} has no text at ${pointer}; update tests/fixtures/bilingual/translations.json`)
    const parent = segments
      .slice(0, -1)
      .reduce<Record<string, unknown>>((node, segment) => (node[segment] ??= {}) as Record<string, unknown>, config as unknown as Record<string, unknown>)
    parent[segments.at(-1)!] = { en: english, bn: bengali }
  }
  // An Indian site: each language's tag takes the region (bn-IN), as the example has it.
  config.site.locale = 'en-IN'
  config.site.locales = fixture.locales
  return config
}

/** The shipped site.config.json as written, one language. */
export const shippedConfig = JSON.parse(fs.readFileSync(path.join(projectDir, 'site.config.json'), 'utf8')) as SiteConfig
