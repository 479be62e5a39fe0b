import { expect } from 'vitest'

/**
 * A config text with each edit applied once (the first occurrence of its text); fails the test when
 * the text no longer holds what an edit replaces, so a changed config cannot make an edit a no-op.
 */
export function withEdits(text: string, ...edits: Array<[string, string]>): string {
  return edits.reduce((edited, [from, to]) => {
    expect(edited).toContain(from)
    return edited.replace(from, to)
  }, text)
}
