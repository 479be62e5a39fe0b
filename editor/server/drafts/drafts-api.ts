import type Koa from 'koa'
import { answeredDraft, DraftLimitReached, isDraftId, metaOf, newDraftId, type DraftStore, type TeamDraft } from '../../../publish/draft-store.ts'
import { publishWatcher, watchPublish } from '../../../publish/publish-progress.ts'
import { knownAnswer } from '../editor-api.ts'
import type { EditorDocument } from '../editor-document.ts'
import { EDITOR_API } from '../editor-paths.ts'
import { answer, refuseMethod } from '../json-answer.ts'
import { EDITOR_BODY_LIMIT_BYTES, readJsonBody } from '../json-body.ts'
import { answerWithProgress, wantsProgress } from '../progress-answer.ts'
import { allowRole } from '../role-check.ts'
import { developerSettingsRefusal } from '../developer-settings-check.ts'
import { SAVING, savedAnswer } from '../saved-answer.ts'
import { mergeSave, othersSince } from './draft-merge.ts'
import { draftReview, type ReviewEvent } from './draft-review.ts'
import { previewLinks, type PreviewEvent } from './preview-links.ts'
import type { TeamMail } from './team-mail.ts'
import { draftNameOf, fieldWritesOf, revisionOf } from './draft-requests.ts'
import { draftRebase } from './draft-rebase-route.ts'

const BASE = `${EDITOR_API}drafts`
const ONE = /^\/([^/]+)(?:\/(save|rename|delete|publish|rebase|ask-review|send-back|changes|preview-links|preview-links\/revoke))?$/

/** The version and config an editor started a draft on, as it sent them. */
function startedOn(ctx: Koa.Context, body: Record<string, unknown>): { version: string; config: unknown } {
  if (typeof body.version !== 'string' || body.version.length > 100)
    ctx.throw(400, 'Send the version the editor loaded as version (a text), or leave it out to start on the current one.')
  if (!body.config || typeof body.config !== 'object' || Array.isArray(body.config)) ctx.throw(400, 'Send the config the draft starts from as config (a JSON object).')
  return { version: body.version, config: body.config }
}

/** The draft events the audit log keeps, beside the access layer's and the publish's. */
export type DraftEvent = 'draft-create' | 'draft-rename' | 'draft-delete' | 'draft-rebase' | 'publish' | ReviewEvent | PreviewEvent

export interface DraftsApiOptions {
  store: DraftStore
  /** EDITOR_DRAFTS_MAX */
  max: number
  /** The published document: a new draft starts from its current version, and publishing a draft is its save. */
  document: EditorDocument
  authorOf(ctx: Koa.Context): string
  audit(ctx: Koa.Context, event: DraftEvent, details: Record<string, string>): void
  /** The text of a published version: a draft's changes are shown against its base, and moved from it onto the current one. */
  versionText(id: string): Promise<string | undefined>
  /** Mail to the publishers (a review asked) and to a draft's author (sent back); none without it. */
  mail?: TeamMail | undefined
  /** EDITOR_PREVIEW_LINK_DAYS */
  previewLinkDays: number
  now?: () => number
}

/**
 * The team's drafts, shared by everyone signed in (production only; the dev server edits its file):
 *   GET  drafts                    → { drafts: DraftMeta[] (last saved first), current }
 *   POST drafts   { name, version?, config? } → 201 { draft, current }: a new draft of the current version (or of the one the editor loaded)
 *   GET  drafts/<id>?since=<rev>   → { draft, current, othersChanged } (what others saved after <rev>), or { unchanged, revision }
 *   POST drafts/<id>/save     { revision, writes } → { draft, othersChanged, overwritten, skipped }: merged field by field (draft-merge.ts)
 *   POST drafts/<id>/rename   { name } → { draft: DraftMeta }
 *   POST drafts/<id>/delete   → { deleted }: one's own, or anyone's for a publisher
 *   POST drafts/<id>/publish  → as the editor's save: checked in the checker's thread, published as a version onto the draft's base, then the draft removed
 *   POST drafts/<id>/rebase   → { draft, clashes, skipped, problemCount, baseKept }: the draft's changes moved onto the version published now (draft-rebase-route.ts)
 *   GET  drafts/<id>/changes  → { changes, baseKept }: what it changes against its base, page by page
 *   POST drafts/<id>/ask-review { note? } → { draft, notified, notice? }; POST drafts/<id>/send-back { comment } → { draft, notified } (draft-review.ts)
 *   GET, POST drafts/<id>/preview-links, POST drafts/<id>/preview-links/revoke { link } (preview-links.ts)
 * `current` is the version published now: a draft whose base is older says so.
 */
export function draftsApi({ store, max, document, authorOf, audit, versionText, mail, previewLinkDays, now = Date.now }: DraftsApiOptions): Koa.Middleware {
  const current = async () => (await document.load()).version
  const notFound = (ctx: Koa.Context) =>
    answer(ctx, 404, { message: 'There is no such draft: it was published or deleted meanwhile. Open the list of drafts to go on from another.' })

  async function create(ctx: Koa.Context) {
    const body = await readJsonBody(ctx)
    const name = draftNameOf(ctx, body.name)
    // The editor's first edit starts a draft on the version it loaded, so a publish meanwhile is a conflict, as without drafts.
    const { version, config } = body.version === undefined ? await document.load() : startedOn(ctx, body)
    const at = new Date(now()).toISOString()
    const author = authorOf(ctx)
    const draft: TeamDraft = { id: newDraftId(), name, author, createdAt: at, updatedAt: at, updatedBy: author, base: version, revision: 0, changes: [], config, fields: {} }
    try {
      await store.create(draft, max)
    } catch (error) {
      if (error instanceof DraftLimitReached) return answer(ctx, 409, { message: error.message })
      throw error
    }
    audit(ctx, 'draft-create', { draft: draft.id, name, base: version })
    answer(ctx, 201, { draft, current: version })
  }

  async function save(ctx: Koa.Context, id: string) {
    const body = await readJsonBody(ctx)
    const startedFrom = revisionOf(ctx, body.revision)
    const writes = fieldWritesOf(ctx, body.writes)
    const by = authorOf(ctx)
    let merged: ReturnType<typeof mergeSave> | undefined
    const saved = await store.update(id, (draft) => {
      if (startedFrom > draft.revision) ctx.throw(409, `This draft is at revision ${draft.revision}, not ${startedFrom}: reload it to go on.`)
      merged = mergeSave(draft, { startedFrom, writes, by, at: new Date(now()).toISOString() })
      if (JSON.stringify(merged.draft.config).length > EDITOR_BODY_LIMIT_BYTES)
        ctx.throw(
          413,
          `With these edits the draft would be larger than ${EDITOR_BODY_LIMIT_BYTES / 1024 / 1024} MB, about five times a whole site’s config, so they were not saved. Undo the last large change and try again.`,
        )
      return merged.draft
    })
    if (!saved || !merged) return notFound(ctx)
    const { othersChanged, overwritten, skipped } = merged
    answer(ctx, 200, { draft: answeredDraft(saved), othersChanged, overwritten, skipped })
  }

  /** A published draft is removed; one saved to meanwhile keeps those later edits, now on top of the version just published. */
  async function forgetPublished(published: TeamDraft, version: string) {
    const now = await store.get(published.id)
    if (now?.revision === published.revision) await store.remove(published.id)
    // Published by hand: a publish scheduled for it would publish the later edits unasked.
    else await store.update(published.id, ({ schedule: _schedule, ...draft }) => ({ ...draft, base: version, revision: draft.revision + 1 }))
  }

  async function publish(ctx: Koa.Context, id: string) {
    if (!allowRole(ctx, 'publisher', 'publish a draft')) return
    const draft = await store.get(id)
    if (!draft) return notFound(ctx)
    // A draft may hold an admin's change of a developer's setting: only an admin publishes it, as with Save.
    const refusal = await developerSettingsRefusal(document, ctx, draft.base, draft.config)
    if (refusal) return answer(ctx, refusal.status, refusal.body)
    const author = authorOf(ctx)
    const work = async () => {
      publishWatcher()({ step: 'checking' })
      const saved = await document.save(draft.base, draft.config, author)
      const result = savedAnswer(saved, SAVING.publish, () => audit(ctx, 'publish', { version: saved.version, draft: draft.id, name: draft.name }))
      if (!result.status) await forgetPublished(draft, saved.version)
      return result
    }
    if (wantsProgress(ctx)) return answerWithProgress(ctx, (report) => watchPublish(report, async () => ({ status: 200, ...(await work()) })), knownAnswer)
    try {
      const result = await work()
      answer(ctx, result.status ?? 200, result.body)
    } catch (error) {
      const known = knownAnswer(error)
      if (!known) throw error
      answer(ctx, known.status, known.body)
    }
  }

  async function remove(ctx: Koa.Context, id: string) {
    const draft = await store.get(id)
    if (!draft) return notFound(ctx)
    if (draft.author !== authorOf(ctx) && !allowRole(ctx, 'publisher', `delete a draft ${draft.author} started`)) return
    await store.remove(id)
    audit(ctx, 'draft-delete', { draft: id, name: draft.name })
    answer(ctx, 200, { deleted: id })
  }

  async function rename(ctx: Koa.Context, id: string) {
    const name = draftNameOf(ctx, (await readJsonBody(ctx)).name)
    const renamed = await store.update(id, (draft) => ({ ...draft, name, revision: draft.revision + 1 }))
    if (!renamed) return notFound(ctx)
    audit(ctx, 'draft-rename', { draft: id, name })
    answer(ctx, 200, { draft: metaOf(renamed) })
  }

  async function look(ctx: Koa.Context, id: string) {
    const draft = await store.get(id)
    if (!draft) return notFound(ctx)
    const since = typeof ctx.query.since === 'string' && /^\d{1,15}$/.test(ctx.query.since) ? Number(ctx.query.since) : undefined
    // The editor asks every few seconds: an unchanged draft is answered in a few bytes.
    if (since === draft.revision) return answer(ctx, 200, { unchanged: true, revision: draft.revision })
    answer(ctx, 200, { draft: answeredDraft(draft), current: await current(), othersChanged: since === undefined ? [] : othersSince(draft, since, authorOf(ctx)) })
  }

  const review = draftReview({ store, authorOf, audit, versionText, mail, now, notFound })
  const links = previewLinks({ store, days: previewLinkDays, authorOf, audit, now, notFound })
  const rebase = draftRebase({ store, document, versionText, authorOf, audit, now, notFound })
  async function changes(ctx: Koa.Context, id: string) {
    const draft = await store.get(id)
    if (!draft) return notFound(ctx)
    await review.changes(ctx, draft)
  }
  const reads = { changes, 'preview-links': links.list }
  const actions = {
    save,
    rename,
    delete: remove,
    publish,
    rebase,
    'ask-review': review.askReview,
    'send-back': review.sendBack,
    'preview-links': links.create,
    'preview-links/revoke': links.revoke,
  }

  return async (ctx, next) => {
    if (ctx.path !== BASE && !ctx.path.startsWith(`${BASE}/`)) return next()
    ctx.set('Cache-Control', 'no-store')
    const rest = ctx.path.slice(BASE.length)
    try {
      if (rest === '' || rest === '/') {
        if (ctx.method === 'GET') return answer(ctx, 200, { drafts: await store.list(), current: await current() })
        if (ctx.method === 'POST') return await create(ctx)
        return refuseMethod(ctx, 'POST', 'drafts')
      }
      const [, id, action] = ONE.exec(rest) ?? []
      if (!isDraftId(id))
        return answer(ctx, 404, {
          message: `There is no drafts API at this address; it answers ${BASE} and ${BASE}/<id>, then save, rename, delete, publish, rebase, changes, ask-review, send-back or preview-links.`,
        })
      if (!action) return ctx.method === 'GET' ? await look(ctx, id) : refuseMethod(ctx, 'GET', 'drafts')
      if (ctx.method === 'GET' && action in reads) return await reads[action as keyof typeof reads](ctx, id)
      if (ctx.method !== 'POST' || !(action in actions)) return refuseMethod(ctx, 'POST', 'drafts')
      await actions[action as keyof typeof actions](ctx, id)
    } catch (error) {
      const known = knownAnswer(error)
      if (!known) throw error
      answer(ctx, known.status, known.body)
    }
  }
}
