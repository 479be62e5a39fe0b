import type Koa from 'koa'
import { answeredDraft, type DraftStore, type TeamDraft } from '../../../publish/draft-store.ts'
import { fieldLabel } from '../../draft-fields.ts'
import type { EditorDocument } from '../editor-document.ts'
import { answer } from '../json-answer.ts'
import { rebaseDraft, type RebasedDraft } from './draft-rebase.ts'

export interface DraftRebaseOptions {
  store: DraftStore
  document: EditorDocument
  /** The text of a published version (the draft's base), undefined when it is no longer kept. */
  versionText(id: string): Promise<string | undefined>
  authorOf(ctx: Koa.Context): string
  audit(ctx: Koa.Context, event: 'draft-rebase', details: Record<string, string>): void
  now: () => number
  notFound(ctx: Koa.Context): void
}

/**
 * POST drafts/<id>/rebase → { draft, clashes, skipped, problemCount, baseKept }: the draft moved
 * onto the version published now (draft-rebase.ts), clashes and skipped fields by their labels.
 * The moved draft is checked as a publish checks it, so the answer says at once whether it would
 * be refused; a draft with problems is kept all the same, to be fixed in the editor.
 */
export function draftRebase({ store, document, versionText, authorOf, audit, now, notFound }: DraftRebaseOptions) {
  return async function rebase(ctx: Koa.Context, id: string) {
    const found = await store.get(id)
    if (!found) return notFound(ctx)
    const current = await document.load()
    if (found.base === current.version) return answer(ctx, 200, { draft: answeredDraft(found), clashes: [], skipped: [], problemCount: 0, baseKept: true })
    const baseText = await versionText(found.base)
    const base = baseText === undefined ? undefined : (JSON.parse(baseText) as unknown)
    let rebased: RebasedDraft | undefined
    const at = new Date(now()).toISOString()
    const by = authorOf(ctx)
    // In the store's one step, so a save made meanwhile is moved too, never lost.
    const stored = await store.update(id, (latest): TeamDraft => {
      if (latest.base === current.version) return latest
      if (latest.base !== found.base) ctx.throw(409, 'Someone brought this draft onto another version meanwhile. Reload it, then try again.')
      rebased = rebaseDraft(latest, base, current)
      return { ...rebased.draft, updatedAt: at, updatedBy: by }
    })
    if (!stored) return notFound(ctx)
    if (!rebased) return answer(ctx, 200, { draft: answeredDraft(stored), clashes: [], skipped: [], problemCount: 0, baseKept: true })
    // Labels as the person finds the fields in the draft now; a skipped field by where it was.
    const clashes = rebased.clashes.map((path) => fieldLabel(stored.config, path))
    const skipped = rebased.skipped.map((path) => fieldLabel(found.config, path))
    const { problemCount } = await document.check(stored.base, stored.config)
    audit(ctx, 'draft-rebase', { draft: id, name: stored.name, from: found.base, to: stored.base, clashes: String(clashes.length), skipped: String(skipped.length) })
    answer(ctx, 200, { draft: answeredDraft(stored), clashes, skipped, problemCount, baseKept: base !== undefined })
  }
}
