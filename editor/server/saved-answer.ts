import { SHOWN_PROBLEMS } from '../../authoring/check/index.ts'
import type { CheckedDraft } from './editor-document.ts'

/** What saving is called where it happens: a save writes the file (`npm run dev`), a publish a new version. */
export const SAVING = {
  file: { refused: 'Not saved', again: 'save' },
  publish: { refused: 'Not published', again: 'publish' },
} as const

/**
 * The answer to a save or publish the document went through: the new version, or 422 with the
 * checker's problems and what to do, once the save is done (`onSaved`, the audit line).
 */
export function savedAnswer(
  saved: { version: string } & Omit<CheckedDraft, 'text'>,
  words: (typeof SAVING)[keyof typeof SAVING],
  onSaved: () => void,
): { status?: number; body: unknown } {
  if (saved.problemCount === 0) {
    onSaved()
    return { body: saved }
  }
  const count = saved.problemCount === 1 ? 'a problem' : `${saved.problemCount} problems`
  const listed = saved.problemCount > SHOWN_PROBLEMS ? `the first ${SHOWN_PROBLEMS} listed below` : 'listed below'
  return {
    status: 422,
    body: { ...saved, message: `${words.refused}: the page has ${count} (${listed}, and marked on their fields). Fix them, then ${words.again} again.` },
  }
}
