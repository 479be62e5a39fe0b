import type { SiteConfig } from '../../../site/generated/site-config'
import type { FieldPath, FieldWrite } from '../../draft-fields'
import type { DraftMeta } from '../../../publish/draft-store'
import { answerOf, post, postWithProgress, type PublishStep } from './editor-api'
import { editorFetch } from './session'

export type { DraftMeta }

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

/** What bringing a draft up to date did: the fields changed on both sides (the draft's words kept) and those whose place is gone, by their labels. */
export type RebaseOutcome = { clashes: string[]; skipped: string[]; problemCount: number }

/** Moves the draft's changes onto the version published now. */
export const rebaseDraft = (id: string) => post<{ draft: OpenDraft } & RebaseOutcome & Refusal>(`drafts/${encodeURIComponent(id)}/rebase`, {})
