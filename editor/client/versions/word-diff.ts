import { diffWords } from 'diff'
import type { LeafValue } from '../../../site/version-changes'

/** A run of words, marked when it is what changed. */
export interface WordPart {
  text: string
  changed: boolean
}

/** A value as its field shows it: a switch as Yes or No, nothing as "(empty)"; a value not there at all is null. */
export function valueWords(value: LeafValue | undefined): string | null {
  if (value === undefined) return null
  if (value === null || value === '') return '(empty)'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  return String(value)
}

/** The words before and after, each with what the other does not have marked (jsdiff's word diff). */
export function wordParts(before: string, after: string): { before: WordPart[]; after: WordPart[] } {
  const changes = diffWords(before, after)
  return {
    before: changes.filter((change) => !change.added).map((change) => ({ text: change.value, changed: change.removed })),
    after: changes.filter((change) => !change.removed).map((change) => ({ text: change.value, changed: change.added })),
  }
}
