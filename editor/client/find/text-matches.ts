import type { SiteConfig } from '../../../site/generated/site-config'
import { setIn } from '../state/json-path'
import type { SiteText } from './site-texts'

/** One place a searched text occurs: the text it is in, and where in it. */
export interface TextMatch extends SiteText {
  start: number
  end: number
}

/** The searched words as they are typed, every character meaning itself: a "." or "(" is not a pattern. */
const literally = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Every occurrence of `term` in the texts, in order, none overlapping (as a replace takes them).
 * Letter case is ignored unless `matchCase`; the regular expression's own case folding keeps each
 * match's place in the text as it is written, which lower-casing the text would not ("İ").
 */
export function findMatches(texts: SiteText[], term: string, { matchCase = false } = {}): TextMatch[] {
  if (term === '') return []
  const pattern = new RegExp(literally(term), matchCase ? 'gu' : 'giu')
  return texts.flatMap((text) => [...text.text.matchAll(pattern)].map((found) => ({ ...text, start: found.index, end: found.index + found[0].length })))
}

/** The config with each of the matches replaced by `replacement`, taken as written (a "$&" in it is just that). */
export function replaceMatches(config: SiteConfig, matches: TextMatch[], replacement: string): SiteConfig {
  const byPlace = new Map<string, TextMatch[]>()
  for (const match of matches) {
    const key = JSON.stringify(match.path)
    byPlace.set(key, [...(byPlace.get(key) ?? []), match])
  }
  let replaced = config
  for (const inText of byPlace.values()) {
    const { path, text } = inText[0]!
    // From the last to the first, so each match's place in the text is still where it was found.
    const next = inText.toSorted((a, b) => b.start - a.start).reduce((words, match) => words.slice(0, match.start) + replacement + words.slice(match.end), text)
    replaced = setIn(replaced, path, next)
  }
  return replaced
}

/** A match with the words around it, cut to about `around` characters each side at a space. */
export function snippetOf({ text, start, end }: TextMatch, around = 40) {
  const from = start <= around ? 0 : text.lastIndexOf(' ', start - around) + 1 || start - around
  const to = text.length - end <= around ? text.length : text.indexOf(' ', end + around) === -1 ? text.length : text.indexOf(' ', end + around)
  return {
    before: `${from > 0 ? '…' : ''}${text.slice(from, start)}`,
    match: text.slice(start, end),
    after: `${text.slice(end, to)}${to < text.length ? '…' : ''}`,
  }
}
