import { distance } from 'fastest-levenshtein'
import { SHOWN_PROBLEMS } from './problem.ts'

/**
 * The candidate the person most likely meant, or nothing when none is close: a wrong guess
 * costs more trust than no guess. Letter case, `-`, `_` and spaces are ignored when comparing,
 * so `Page-Hero` still finds `pageHero`.
 */
export function closestMatch(input: string, candidates: Iterable<string>): string | undefined {
  const wanted = simplify(input)
  if (wanted === '') return undefined
  let best: { candidate: string; score: number } | undefined
  for (const candidate of candidates) {
    if (candidate === input) continue // "Did you mean" the very thing that is wrong helps nobody
    const simple = simplify(candidate)
    if (simple === '') continue
    const score = distance(wanted, simple)
    const contained = Math.min(wanted.length, simple.length) >= 3 && (simple.includes(wanted) || wanted.includes(simple))
    const limit = wanted.length <= 3 ? 1 : Math.max(2, Math.floor(Math.max(wanted.length, simple.length) * 0.34))
    const close = score <= limit
    if ((close || contained) && (!best || score < best.score)) best = { candidate, score }
  }
  return best?.candidate
}

function simplify(text: string): string {
  return text.toLowerCase().replace(/[-_\s]/g, '')
}

/** What the person most likely meant among the candidates, as closestMatch answers it. */
export type Guess = typeof closestMatch

/**
 * closestMatch for the first `limit` questions, then no guess. For a check whose candidates come
 * from the config itself (its pages, its forms' fields): each guess compares with every candidate,
 * so a draft with thousands of broken links among thousands of pages would cost billions of
 * comparisons, while a person reads only the first problems (SHOWN_PROBLEMS).
 */
export function limitedGuesses(limit = SHOWN_PROBLEMS): Guess {
  let asked = 0
  return (input, candidates) => (asked++ < limit ? closestMatch(input, candidates) : undefined)
}
