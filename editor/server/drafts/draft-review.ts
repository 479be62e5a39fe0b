import type Koa from 'koa'
import { metaOf, type DraftStore, type TeamDraft } from '../../../publish/draft-store.ts'
import { versionChanges } from '../../../publish/page-changes.ts'
import type { SiteConfig } from '../../../site/generated/site-config.ts'
import { answer } from '../json-answer.ts'
import { readJsonBody } from '../json-body.ts'
import { mailTeam, type TeamMail } from './team-mail.ts'

/** A note or a comment: a paragraph or two, never a whole page pasted. */
const WORDS_LENGTH = 2000

export type ReviewEvent = 'review-ask' | 'review-send-back'

export interface DraftReviewOptions {
  store: DraftStore
  authorOf(ctx: Koa.Context): string
  audit(ctx: Koa.Context, event: ReviewEvent, details: Record<string, string>): void
  /** The text of a published version (the draft's base; `current`: the one published now), to show what the draft changes. */
  versionText(id: string): Promise<string | undefined>
  mail?: TeamMail | undefined
  now: () => number
  notFound(ctx: Koa.Context): void
}

/** Optional words sent with a request: trimmed, at most WORDS_LENGTH characters, line breaks allowed and no other control character. */
function wordsOf(ctx: Koa.Context, value: unknown, what: string, required: boolean): string | undefined {
  const words = typeof value === 'string' ? value.trim() : value === undefined ? '' : undefined
  if (words === undefined || words.length > WORDS_LENGTH || /[^\P{C}\n\t]/u.test(words)) ctx.throw(400, `Send the ${what} as plain text of at most ${WORDS_LENGTH} characters.`)
  if (required && !words) ctx.throw(400, `Write the ${what}: the author reads it to know what to change.`)
  return words || undefined
}

const NO_ADDRESS = 'No publisher or admin has an e-mail address yet, so no mail was sent: tell them yourself, or ask an admin to add addresses on the Accounts screen.'

/**
 * A draft's review: asked for by anyone (draft or sent back → in review, the publishers mailed),
 * sent back by a publisher with a comment (→ sent back, the author mailed); publishing it (the
 * drafts API) ends it. The publisher reads what it changes, page by page, against its base.
 */
export function draftReview({ store, authorOf, audit, versionText, mail, now, notFound }: DraftReviewOptions) {
  async function askReview(ctx: Koa.Context, id: string) {
    const note = wordsOf(ctx, (await readJsonBody(ctx)).note, 'note to the publishers', false)
    const by = authorOf(ctx)
    const at = new Date(now()).toISOString()
    const asked = await store.update(id, (draft) => ({
      ...draft,
      revision: draft.revision + 1,
      review: { state: 'in-review', askedBy: by, askedAt: at, ...(note ? { note } : {}) },
    }))
    if (!asked) return notFound(ctx)
    const text = [
      `${by} asks for a review of the draft “${asked.name}” before it is published.`,
      ...(note ? ['', note] : []),
      '',
      'Open the editor’s drafts to see its changes, then publish it or send it back.',
    ]
    const notified = await mailTeam(mail, { role: 'publisher' }, { subject: `Review asked: ${asked.name}`, text: text.join('\n') })
    audit(ctx, 'review-ask', { draft: id, name: asked.name, notified: String(notified) })
    answer(ctx, 200, { draft: metaOf(asked), notified, ...(notified === 0 ? { notice: NO_ADDRESS } : {}) })
  }

  async function sendBack(ctx: Koa.Context, id: string) {
    const comment = wordsOf(ctx, (await readJsonBody(ctx)).comment, 'comment', true)!
    const by = authorOf(ctx)
    const at = new Date(now()).toISOString()
    const sent = await store.update(id, (draft) => {
      if (draft.review?.state !== 'in-review') ctx.throw(409, 'This draft is not in review (nobody asked, or it was sent back already): there is nothing to send back.')
      return { ...draft, revision: draft.revision + 1, review: { ...draft.review, state: 'sent-back', sentBackBy: by, sentBackAt: at, comment } }
    })
    if (!sent) return notFound(ctx)
    const text = `${by} sent the draft “${sent.name}” back:\n\n${comment}\n\nOpen it in the editor, change what the comment asks, then ask for a review again.`
    const notified = await mailTeam(mail, { account: sent.author }, { subject: `Sent back: ${sent.name}`, text })
    audit(ctx, 'review-send-back', { draft: id, name: sent.name, author: sent.author, notified: String(notified) })
    answer(ctx, 200, { draft: metaOf(sent), notified })
  }

  /** What the draft changes against its base, page by page, as the Versions screen shows a version's; against the current version when its base is no longer kept (`baseKept` false). */
  async function changes(ctx: Koa.Context, draft: TeamDraft) {
    const baseText = await versionText(draft.base)
    const beforeText = baseText ?? (await versionText('current'))
    const before = beforeText === undefined ? undefined : (JSON.parse(beforeText) as SiteConfig)
    answer(ctx, 200, { changes: versionChanges(before, draft.config as SiteConfig), baseKept: baseText !== undefined })
  }

  return { askReview, sendBack, changes }
}
