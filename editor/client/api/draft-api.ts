import type { SiteConfig } from '../../../site/generated/site-config'
import type { FieldPath, FieldWrite } from '../../draft-fields'
import type { DraftMeta, PreviewLink } from '../../../publish/draft-store'
import type { VersionChanges } from '../../../site/version-changes'
import { answerOf, post, postWithProgress, type PublishStep } from './editor-api'
import { editorFetch } from './session'

export type { DraftMeta }

/** Where a draft is in its review; undefined while nobody asked for one. */
export type DraftReview = DraftMeta['review']
/** A preview link as the API lists it: never its token (shown once, when made) nor its hash. */
export type ListedPreviewLink = Omit<PreviewLink, 'tokenHash'>

/** An open draft: its meta and the config as the server has it. */
export type OpenDraft = DraftMeta & { config: SiteConfig }
/** A field another person saved, and who. */
export type OthersField = { path: FieldPath; by: string }
/** A refusal or failure, in the server's words. */
type Refusal = { message?: string }

const BASE = '/_editor/api/drafts'
const one = (id: string, action = '') => `${BASE}/${encodeURIComponent(id)}${action && `/${action}`}`

/** Every draft (last saved first), and the version published now. */
export async function listDrafts() {
  return answerOf<{ drafts: DraftMeta[]; current: string } & Refusal>(await editorFetch(BASE))
}

/** A new draft of the current version, or of the version the editor loaded (`from`). */
export const createDraft = (name: string, from?: { version: string; config: SiteConfig }) => post<{ draft: OpenDraft; current: string } & Refusal>('drafts', { name, ...from })

/** The draft, or `unchanged` when it is still at `since`; `othersChanged` names what others saved after `since`. */
export async function lookAtDraft(id: string, since?: number) {
  const address = since === undefined ? one(id) : `${one(id)}?since=${since}`
  return answerOf<({ draft: OpenDraft; current: string; othersChanged: OthersField[] } | { unchanged: true; revision: number }) & Refusal>(await editorFetch(address))
}

export const saveToDraft = (id: string, revision: number, writes: FieldWrite[]) =>
  post<{ draft: OpenDraft; othersChanged: OthersField[]; overwritten: OthersField[]; skipped: FieldPath[] } & Refusal>(`drafts/${encodeURIComponent(id)}/save`, {
    revision,
    writes,
  })

export const renameDraft = (id: string, name: string) => post<{ draft: DraftMeta } & Refusal>(`drafts/${encodeURIComponent(id)}/rename`, { name })

export const deleteDraft = (id: string) => post<Refusal>(`drafts/${encodeURIComponent(id)}/delete`, {})

/** Publishes the draft as the server has it, with the steps as they happen (as the editor's Publish). */
export const publishDraft = (id: string, onStep: (step: PublishStep) => void) => postWithProgress(one(id, 'publish'), {}, onStep)

/** Publishes the draft at a date and time on the site's clock (`timeZone`, as the editor showed it): refused in words when past, too far, on an older version or failing the check. */
export const scheduleDraft = (id: string, when: { date: string; time: string; timeZone: string }) =>
  post<{ draft: DraftMeta } & Refusal>(`drafts/${encodeURIComponent(id)}/schedule`, when)

export const unscheduleDraft = (id: string) => post<{ draft: DraftMeta } & Refusal>(`drafts/${encodeURIComponent(id)}/unschedule`, {})

/** Puts the draft in review; `notified` publishers were mailed, and `notice` says in words when nobody was. */
export const askReview = (id: string, note: string) =>
  post<{ draft: DraftMeta; notified: number; notice?: string } & Refusal>(`drafts/${encodeURIComponent(id)}/ask-review`, { note })

/** Sends the draft in review back to its author with a comment (required), which its author sees on it. */
export const sendBack = (id: string, comment: string) => post<{ draft: DraftMeta; notified: number } & Refusal>(`drafts/${encodeURIComponent(id)}/send-back`, { comment })

/** What the draft changes, page by page, against the version it started from (or the current one when that is no longer kept: `baseKept` false). */
export async function loadDraftChanges(id: string) {
  return answerOf<{ changes: VersionChanges; baseKept: boolean } & Refusal>(await editorFetch(one(id, 'changes')))
}

export async function listPreviewLinks(id: string) {
  return answerOf<{ links: ListedPreviewLink[] } & Refusal>(await editorFetch(one(id, 'preview-links')))
}

/** A new preview link: its `url` is in this answer only. */
export const makePreviewLink = (id: string) => post<{ link: ListedPreviewLink; url: string } & Refusal>(`drafts/${encodeURIComponent(id)}/preview-links`, {})

export const revokePreviewLink = (id: string, link: string) => post<{ link: ListedPreviewLink } & Refusal>(`drafts/${encodeURIComponent(id)}/preview-links/revoke`, { link })

/** What bringing a draft up to date did: the fields changed on both sides (the draft's words kept) and those whose place is gone, by their labels. */
export type RebaseOutcome = { clashes: string[]; skipped: string[]; problemCount: number }

/** Moves the draft's changes onto the version published now. */
export const rebaseDraft = (id: string) => post<{ draft: OpenDraft } & RebaseOutcome & Refusal>(`drafts/${encodeURIComponent(id)}/rebase`, {})
