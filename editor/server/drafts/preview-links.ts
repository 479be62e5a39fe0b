import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type Koa from 'koa'
import { isDraftId, type DraftStore, type PreviewLink, type TeamDraft } from '../../../publish/draft-store.ts'
import { answer } from '../json-answer.ts'
import { readJsonBody } from '../json-body.ts'

/** Where a preview link points: its token after it, then the page's address. Outside /_editor: whoever has the link needs no account. */
export const PREVIEW_BASE = '/_preview/'

/** Links kept on a draft at once, revoked and expired ones included: enough for every phone of a team, no unbounded growth. */
const LINKS_PER_DRAFT = 20
const DAY_MS = 24 * 60 * 60 * 1000

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url')

/** The draft's id, a dot, then 256 random bits: the id finds the draft, the rest proves the link was given out (only its hash is kept). */
const TOKEN = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/

export type PreviewEvent = 'preview-link-create' | 'preview-link-revoke'

/** The links an API answer shows: never their hashes. */
const shown = (links: PreviewLink[] = []) => links.map(({ tokenHash: _hash, ...link }) => link)

export interface PreviewLinksOptions {
  store: DraftStore
  /** EDITOR_PREVIEW_LINK_DAYS */
  days: number
  authorOf(ctx: Koa.Context): string
  audit(ctx: Koa.Context, event: PreviewEvent, details: Record<string, string>): void
  now: () => number
  notFound(ctx: Koa.Context): void
}

/**
 * A draft's preview links, made and revoked in the drafts API:
 *   GET  drafts/<id>/preview-links        → { links } (without their tokens: a token is shown once, when made)
 *   POST drafts/<id>/preview-links        → 201 { link, url }: valid EDITOR_PREVIEW_LINK_DAYS days
 *   POST drafts/<id>/preview-links/revoke { link } → { link }: refused from then on
 */
export function previewLinks({ store, days, authorOf, audit, now, notFound }: PreviewLinksOptions) {
  async function create(ctx: Koa.Context, id: string) {
    const token = `${id}.${randomBytes(32).toString('base64url')}`
    const at = now()
    const link: PreviewLink = {
      id: randomBytes(9).toString('base64url'),
      tokenHash: hashOf(token),
      createdBy: authorOf(ctx),
      createdAt: new Date(at).toISOString(),
      expiresAt: new Date(at + days * DAY_MS).toISOString(),
    }
    const made = await store.update(id, (draft) => {
      // The oldest links that no longer open anything make room first.
      const open = (draft.previewLinks ?? []).filter((kept) => !kept.revokedAt && Date.parse(kept.expiresAt) > at)
      if (open.length >= LINKS_PER_DRAFT) ctx.throw(409, `This draft has ${LINKS_PER_DRAFT} preview links open already: revoke one you no longer need, then make a new one.`)
      const closed = (draft.previewLinks ?? []).filter((kept) => !open.includes(kept)).slice(-(LINKS_PER_DRAFT - open.length - 1))
      return { ...draft, previewLinks: [...closed, ...open, link] }
    })
    if (!made) return notFound(ctx)
    audit(ctx, 'preview-link-create', { draft: id, name: made.name, link: link.id, expiresAt: link.expiresAt })
    answer(ctx, 201, { link: shown([link])[0], url: `${ctx.origin}${PREVIEW_BASE}${token}/` })
  }

  async function revoke(ctx: Koa.Context, id: string) {
    const linkId = (await readJsonBody(ctx)).link
    if (typeof linkId !== 'string') ctx.throw(400, 'Send the id of the preview link to revoke as link.')
    const at = new Date(now()).toISOString()
    const revoked = await store.update(id, (draft) => {
      const links = draft.previewLinks ?? []
      if (!links.some((link) => link.id === linkId)) ctx.throw(404, 'This draft has no such preview link: it may have been removed with older ones.')
      return { ...draft, previewLinks: links.map((link) => (link.id === linkId && !link.revokedAt ? { ...link, revokedAt: at } : link)) }
    })
    if (!revoked) return notFound(ctx)
    audit(ctx, 'preview-link-revoke', { draft: id, name: revoked.name, link: linkId })
    answer(ctx, 200, { link: shown(revoked.previewLinks).find((link) => link.id === linkId) })
  }

  async function list(ctx: Koa.Context, id: string) {
    const draft = await store.get(id)
    if (!draft) return notFound(ctx)
    answer(ctx, 200, { links: shown(draft.previewLinks) })
  }

  return { create, revoke, list }
}

/** Why a preview token opens nothing, in the words its visitor reads; or the draft and link it opens. */
export async function openPreview(store: DraftStore, token: string, now: number): Promise<{ draft: TeamDraft; link: PreviewLink } | { refused: string; status: 404 | 410 }> {
  const unknown = { status: 404 as const, refused: 'This preview link is not valid: it may be mistyped or cut short. Ask whoever sent it for a new one.' }
  const [, draftId] = TOKEN.exec(token) ?? []
  if (!isDraftId(draftId)) return unknown
  const draft = await store.get(draftId)
  const hash = Buffer.from(hashOf(token))
  const link = draft?.previewLinks?.find((kept) => kept.tokenHash.length === hash.length && timingSafeEqual(Buffer.from(kept.tokenHash), hash))
  if (!draft || !link)
    return draft ? unknown : { status: 410, refused: 'This preview link shows a draft that has been published or deleted since: the live site shows what was published.' }
  if (link.revokedAt)
    return { status: 410, refused: 'This preview link was revoked by the site’s team: it no longer shows the draft. Ask them for a new one if you still need it.' }
  if (Date.parse(link.expiresAt) <= now) return { status: 410, refused: 'This preview link has expired: preview links last a few days. Ask the site’s team for a new one.' }
  return { draft, link }
}
