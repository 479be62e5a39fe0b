import { inLanguage, isTranslations } from '../../site/languages.ts'
import type { Finding } from './problem.ts'
import type { SourcePositions } from './source-positions.ts'
import { valueAt } from '../value-at.ts'

/**
 * Runs the checks on the config as each language reads it (each text written per language picked
 * out: the schemas and every check that reads a text see one language at a time) and merges what
 * they find. `inLanguage` keeps the config's shape, so every path, and so every line, is the raw
 * file's. A problem of every language is said once as it is; one of some languages only is said
 * for them ("in bn: …"), and when it is one language's text, at that text.
 */
export function inEachLanguage(data: unknown, languages: string[], check: (data: unknown) => Finding[], positions: SourcePositions): Finding[] {
  const found = new Map<string, { finding: Finding; languages: string[] }>()
  for (const language of languages) {
    for (const finding of check(inLanguage(data, language, languages))) {
      const key = `${finding.line}:${finding.column} ${finding.code} ${finding.message}`
      const same = found.get(key)
      if (!same) found.set(key, { finding, languages: [language] })
      else if (!same.languages.includes(language)) same.languages.push(language)
    }
  }
  return [...found.values()].map(({ finding, languages: foundIn }) => (foundIn.length === languages.length ? finding : inSome(finding, foundIn, data, languages, positions)))
}

function inSome(finding: Finding, foundIn: string[], data: unknown, languages: string[], positions: SourcePositions): Finding {
  const said = { ...finding, message: `in ${foundIn.join(', ')}: ${finding.message}` }
  const path = finding.valuePath ?? finding.wherePath
  const value = valueAt(data, path)
  if (foundIn.length !== 1 || !isTranslations(value, languages) || value[foundIn[0]!] === undefined) return said
  const valuePath = [...path, foundIn[0]!]
  return { ...said, valuePath, ...positions.valuePosition(valuePath) }
}
