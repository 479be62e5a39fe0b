import { parseArticleDate } from '../../site/article-date.ts'
import { holderPath, valueName } from './config-location.ts'
import { errorCatalogue, say, type Said } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import type { JsonPath, SourcePositions } from './source-positions.ts'
import { isRecord, walk } from './walk.ts'

/**
 * Values of the right form that the build still cannot use, which a schema cannot tell:
 * - a `site.locale` that is not a language tag (de_DE, en-): every number and date format, and the
 *   pages' lang, take it as one, and `Intl.getCanonicalLocales` is the browsers' own reading of it;
 * - a blog date on a day its month does not have (31 February 2024): the build's date parser
 *   (site/article-date.ts, the schema's own pattern) would refuse it;
 * - a web address no browser can open (https:// without a host, port 99999): the schemas' `uri`
 *   format is RFC 3986, which allows them, while the prerender (new URL), the page policy and
 *   every browser read addresses as the WHATWG URL standard does, as URL.canParse does here.
 */
export function unusableValueFindings(data: unknown, positions: SourcePositions): Finding[] {
  const findings: Finding[] = []
  const add = (said: Said, path: JsonPath) => findings.push({ ...said, wherePath: holderPath(path), valuePath: path, ...positions.valuePosition(path) })
  for (const [path, value] of walk(data)) {
    if (typeof value !== 'string') continue
    const name = `"${valueName(path)}"`
    if (path.length === 2 && path[0] === 'site' && path[1] === 'locale') {
      if (!isLanguageTag(value)) add(say(errorCatalogue.badLocale, { name, value, guess: languageTagGuess(value) }), path)
    } else if (isArticleDate(data, path)) {
      const date = parseArticleDate(value)
      // A date of another form fails the schema's pattern, which says so.
      if (!date.ok && date.fault === 'no-such-day')
        add(say(errorCatalogue.badDate, { name, value, daysInMonth: { month: `${date.month} ${date.year}`, days: date.daysInMonth } }), path)
    } else if (/^https?:\/\/\S*$/i.test(value) && !URL.canParse(value)) {
      add(say(errorCatalogue.badWebAddress, { name, value }), path)
    }
  }
  return findings
}

function isLanguageTag(value: string): boolean {
  try {
    Intl.getCanonicalLocales(value)
    return true
  } catch {
    return false
  }
}

/** "de_DE" → "de-DE", the spelling of other systems (POSIX, Java), when that is a tag. */
function languageTagGuess(value: string): string | undefined {
  const guess = value.trim().replace(/_/g, '-')
  return guess !== value && isLanguageTag(guess) ? Intl.getCanonicalLocales(guess)[0] : undefined
}

/** routes[i].blocks[j].articles[k].date of a blogArticles block. */
function isArticleDate(data: unknown, path: JsonPath): boolean {
  if (path.length !== 7 || path[0] !== 'routes' || path[2] !== 'blocks' || path[4] !== 'articles' || path[6] !== 'date') return false
  const routes = isRecord(data) ? data.routes : undefined
  const route = Array.isArray(routes) ? routes[path[1] as number] : undefined
  const blocks = isRecord(route) ? route.blocks : undefined
  const block = Array.isArray(blocks) ? blocks[path[3] as number] : undefined
  return isRecord(block) && block.type === 'blogArticles'
}
