import path from 'node:path'
import { duplicateAddressFindings, missingHomePageFindings, reservedAddressFindings, sharedPageFileFindings } from './address-checks.ts'
import { missingFileFindings } from './asset-checks.ts'
import { locate } from './config-location.ts'
import { curlyQuoteFindings, curlyWrappedTextFindings, straightenForChecking } from './curly-quote-checks.ts'
import { duplicateKeyFindings } from './duplicate-keys.ts'
import { parseJson } from './json-syntax.ts'
import { brokenLinkFindings } from './link-checks.ts'
import { problemKindOrder, SHOWN_PROBLEMS, sortProblems, type Finding, type Problem } from './problem.ts'
import { loadSchemas } from '../schemas/schema-loader.ts'
import { schemaFindings } from './schema-pass.ts'
import { SourcePositions, type Position } from './source-positions.ts'
import { unusableValueFindings } from './value-checks.ts'
import { formFindings } from './form-checks.ts'
import { timeZoneFindings } from './date-rule-checks.ts'
import { lowContrastFindings } from './theme-checks.ts'
import { textPartFindings } from './text-part-checks.ts'
import { publishedFormFindings } from './published-form-checks.ts'
import { otherFormatFindings } from './format-checks.ts'
import { inEachLanguage } from './language-pass.ts'
import { configLanguages, oneLanguageTranslations, translationFindings } from './translation-checks.ts'
import { missingTranslationFindings } from './missing-translation-checks.ts'
import { inLanguage } from '../../site/languages.ts'
import { publicDir as projectPublicDir, schemasDir as projectSchemasDir } from '../project-paths.ts'

export { SHOWN_PROBLEMS, type Problem } from './problem.ts'
export { allErrors, type ErrorCode, type ErrorData } from './error-catalogue.ts'
export { formatNotices, formatProblem, formatProblems, formatSuccess } from './format.ts'
export { SchemaLoadError } from '../schemas/schema-loader.ts'
export { findPunctuationQuotes, straightenQuotes } from './curly-quotes.ts'
export { locationPaths } from './location-paths.ts'

export interface ValidateOptions {
  /** Where image and other file paths are looked up; the project's public/ by default. */
  publicDir?: string
  /** The schemas to check against; the project's schemas/ by default. */
  schemasDir?: string
  /** Publishing to a running server: the forms it started with, which a published config must keep. */
  formsOfServer?: unknown
}

export interface ConfigCheck {
  /** What must be fixed, most important first: the first SHOWN_PROBLEMS. The check passes when this is empty. */
  problems: Problem[]
  /** How many problems there are in all: more than `problems` holds when the list stops at SHOWN_PROBLEMS. */
  problemCount: number
  /** Worth a look but not wrong (e.g. a text wrapped in pasted curly quotes); never fails a check. The first SHOWN_PROBLEMS. */
  notices: Problem[]
  /** How many notices there are in all. */
  noticeCount: number
  /** Number of routes, for the one-line success message (0 when the file could not be read). */
  routeCount: number
}

/**
 * Checks a config text and returns its problems, most important first (the first SHOWN_PROBLEMS).
 * A syntax error stops the check there: a schema check of a half-read file would only add
 * confusing noise.
 * Throws SchemaLoadError when the schemas themselves cannot be loaded.
 */
export function validateConfigText(text: string, fileLabel: string, options: ValidateOptions = {}): Problem[] {
  return checkConfigText(text, fileLabel, options).problems
}

/**
 * The structured check, for callers that show problems their own way (the dev overlay, the
 * visual editor): each problem has its catalogue `code`, `message`, `hint`, the JSON `pointer` of
 * the value, and `line`/`column`.
 */
export function checkConfigText(text: string, fileLabel: string, options: ValidateOptions = {}): ConfigCheck {
  const original = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text // a BOM some Windows editors add
  const straightened = straightenForChecking(original)
  const source = straightened.text
  const parsed = parseJson(source)
  const positions = new SourcePositions(source, parsed.root)
  const curly = curlyQuoteFindings(original, source, straightened.lines, positions)
  let placedIn = parsed.data ?? parsed.partial
  const toProblem = (finding: Finding): Problem => ({
    file: fileLabel,
    line: finding.line,
    column: finding.column,
    ...endFields(positions.endOf(finding)),
    ...locate(finding.wherePath, placedIn),
    code: finding.code,
    pointer: toPointer(finding.valuePath ?? finding.wherePath),
    message: finding.message,
    ...(finding.hint ? { hint: finding.hint } : {}),
    kind: finding.kind,
    order: problemKindOrder[finding.kind],
  })
  // Only the problems shown are dressed (placed in the site's structure, given their end): the rest are counted.
  const firstOf = (findings: Finding[]) => sortProblems(findings).slice(0, SHOWN_PROBLEMS).map(toProblem)
  if (parsed.syntax.length > 0) {
    const problems = [...curly, ...parsed.syntax.map(({ offset, path, ...said }) => ({ ...said, wherePath: path, ...positions.at(offset) }))]
    return { routeCount: 0, notices: [], noticeCount: 0, problems: firstOf(problems), problemCount: problems.length }
  }
  const data = parsed.data
  // A config of another format is said once, not as the errors of each change since.
  const otherFormat = otherFormatFindings(data, positions, fileLabel)
  if (otherFormat.length > 0) return { routeCount: 0, notices: [], noticeCount: 0, problems: firstOf(otherFormat), problemCount: otherFormat.length }
  const schemas = loadSchemas(path.resolve(options.schemasDir ?? projectSchemasDir))
  const publicDir = path.resolve(options.publicDir ?? projectPublicDir)
  // Every check that reads the config's values; in a site of several languages, run once per language.
  const valueChecks = (data: unknown): Finding[] => [
    ...curlyWrappedTextFindings(data, positions),
    ...schemaFindings(data, positions, schemas),
    ...duplicateAddressFindings(data, positions),
    ...reservedAddressFindings(data, positions),
    ...sharedPageFileFindings(data, positions),
    ...missingHomePageFindings(data, positions),
    ...brokenLinkFindings(data, positions),
    ...missingFileFindings(data, positions, publicDir),
    ...unusableValueFindings(data, positions),
    ...formFindings(data, positions),
    ...timeZoneFindings(data, positions),
    ...lowContrastFindings(data, positions),
    ...textPartFindings(data, positions, schemas.schemaFiles),
    ...(options.formsOfServer === undefined ? [] : publishedFormFindings(data, positions, options.formsOfServer)),
  ]
  const languages = configLanguages(data)
  // Array literals, not push(...): a hostile draft has hundreds of thousands of findings, more than a call takes arguments.
  let findings: Finding[]
  if (languages) {
    const translations = translationFindings(data, positions, schemas.schemaFiles, languages)
    findings = [
      ...curly,
      ...duplicateKeyFindings(positions),
      ...translations.findings,
      ...missingTranslationFindings(data, positions, schemas.schemaFiles, languages),
      ...inEachLanguage(translations.data, languages, valueChecks, positions),
    ]
    // Problems are placed by the default language's words (a menu entry by its label).
    placedIn = inLanguage(translations.data, languages[0]!, languages)
  } else {
    const translations = oneLanguageTranslations(data, positions, schemas.schemaFiles)
    findings = [...curly, ...duplicateKeyFindings(positions), ...translations.findings, ...valueChecks(translations.data)]
  }
  const routes = data && typeof data === 'object' ? (data as { routes?: unknown }).routes : undefined
  const unique = saidOnce(findings)
  const problems = unique.filter((finding) => !finding.notice)
  const notices = unique.filter((finding) => finding.notice)
  return {
    problems: firstOf(problems),
    problemCount: problems.length,
    notices: firstOf(notices),
    noticeCount: notices.length,
    routeCount: Array.isArray(routes) ? routes.length : 0,
  }
}

function endFields(end: Position | undefined): Pick<Problem, 'endLine' | 'endColumn'> {
  return end ? { endLine: end.line, endColumn: end.column } : {}
}

/** `['routes', 3, 'title']` → `/routes/3/title` (RFC 6901, as ajv and editors use). */
function toPointer(path: (string | number)[]): string {
  return path.map((segment) => '/' + String(segment).replace(/~/g, '~0').replace(/\//g, '~1')).join('')
}

/** A fault two checks find (a web address the schema's format and the URL check both refuse) is said once. */
function saidOnce(findings: Finding[]): Finding[] {
  const seen = new Set<string>()
  return findings.filter((finding) => {
    const key = `${finding.line}:${finding.column} ${finding.code} ${finding.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
