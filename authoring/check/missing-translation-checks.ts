import type { SiteConfig } from '../../site/generated/site-config.ts'
import { isTranslations } from '../../site/languages.ts'
import { missingTranslations } from '../translations/missing-translations.ts'
import { holderPath, valueName } from './config-location.ts'
import { errorCatalogue, say } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import type { JsonPath, SourcePositions } from './source-positions.ts'
import { quote } from './value-words.ts'
import { valueAt } from '../value-at.ts'

/** `texts.header`, `routes[3].blocks[0]`: how a message names a place the file may not spell out. */
const dotted = (path: JsonPath) => path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('')

/** The deepest part of `path` the config writes: where a text it leaves to a default can be pointed at. */
function writtenAncestor(data: unknown, path: JsonPath): JsonPath {
  let length = 0
  while (length < path.length && valueAt(data, path.slice(0, length + 1)) !== undefined) length++
  return path.slice(0, length)
}

/**
 * Each text a site in several languages shows without its translation
 * (authoring/translations/missing-translations.ts says which): a notice at the text, naming the
 * languages it lacks and, on a page, the page; an error instead with `site.requireTranslations`.
 * Texts the config leaves to the schemas' defaults have no line of their own: they are said once
 * per object that holds them (`texts.header: 4 texts have no … words`), at the nearest part of it
 * the file writes, so a new language's dozens of default words make a few lines, not dozens.
 */
export function missingTranslationFindings(data: unknown, positions: SourcePositions, schemaFiles: ReadonlyMap<string, Record<string, unknown>>, languages: string[]): Finding[] {
  const config = data as SiteConfig
  const required = config.site.requireTranslations === true
  const fallback = languages[0]!
  const findings: Finding[] = []
  const defaulted = new Map<string, { holder: JsonPath; missing: Set<string>; count: number }>()
  for (const { path, missing, route } of missingTranslations(config, schemaFiles)) {
    const value = valueAt(data, path)
    if (value === undefined) {
      const holder = holderPath(path)
      const group = defaulted.get(JSON.stringify(holder)) ?? { holder, missing: new Set<string>(), count: 0 }
      missing.forEach((language) => group.missing.add(language))
      group.count++
      defaulted.set(JSON.stringify(holder), group)
      continue
    }
    const given = isTranslations(value, languages) ? value : { [fallback]: value }
    const example = `{ ${[...Object.entries(given).map(([language, text]) => `"${language}": ${quote(text)}`), ...missing.map((language) => `"${language}": "…"`)].join(', ')} }`
    const page = route === undefined ? undefined : config.routes[route]?.path
    const said = say(errorCatalogue.missingTranslation, { name: valueName(path), missing, fallback, page, example, required })
    findings.push({ ...said, notice: !required, wherePath: holderPath(path), valuePath: path, ...positions.valuePosition(path) })
  }
  for (const { holder, missing, count } of defaulted.values()) {
    const written = writtenAncestor(data, holder)
    const said = say(errorCatalogue.missingTranslation, {
      name: dotted(holder),
      missing: languages.filter((language) => missing.has(language)),
      fallback,
      defaults: count,
      required,
    })
    findings.push({ ...said, notice: !required, wherePath: written, ...positions.valuePosition(written) })
  }
  return findings
}
