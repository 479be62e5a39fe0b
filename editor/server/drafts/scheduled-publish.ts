import { isDeepStrictEqual } from 'node:util'
import type { DraftSchedule, TeamDraft } from '../../../publish/draft-store.ts'
import { ConflictError, type EditorDocument } from '../editor-document.ts'

const problemsWords = (count: number, first: string | undefined) =>
  `The check refused it: the draft has ${count === 1 ? 'a problem' : `${count} problems`}${first ? ` (the first: ${first})` : ''}. Nothing was published; open the draft, fix ${count === 1 ? 'it' : 'them'}, then schedule it again.`

/**
 * A due schedule's publish: the draft checked again (in the checker's thread) and published onto
 * its base as the publisher who scheduled it, as the Publish button does; a refusal in the words
 * its author reads on the draft.
 */
export function publishScheduled(document: EditorDocument) {
  return async (draft: TeamDraft, schedule: DraftSchedule): Promise<{ version: string } | { failure: string }> => {
    try {
      const saved = await document.save(draft.base, draft.config, schedule.by)
      if (saved.problemCount > 0) return { failure: problemsWords(saved.problemCount, saved.problems[0]?.message) }
      return { version: saved.version }
    } catch (error) {
      if (error instanceof ConflictError)
        return {
          failure: `${error.current ? `Version ${error.current.id} was published by ${error.current.author}` : 'Another version was published'} after this draft was started on version ${draft.base}, so it was not published over it. Open the draft, bring it up to date (its changes are moved onto the current version), check it, then publish or schedule it again.`,
        }
      throw error
    }
  }
}

/** The version published now when it holds exactly the draft's config: a run that died after publishing it, before it wrote the outcome. */
export function publishedAlready(document: EditorDocument) {
  return async (draft: TeamDraft): Promise<string | undefined> => {
    const current = await document.load()
    return current.version !== draft.base && isDeepStrictEqual(current.config, draft.config) ? current.version : undefined
  }
}
