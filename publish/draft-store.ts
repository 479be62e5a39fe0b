/**
 * The team's drafts, wherever they are kept (a folder on one machine, Redis for many instances):
 * named changes to the site not published yet, saved field by field as they are made. The
 * editor's drafts API works on this contract only; what a save merges is its business
 * (editor/server/drafts/), the store only keeps each change atomic.
 */

import { randomBytes } from 'node:crypto'

/** Who last wrote a field of the draft, and at which of its revisions: what tells one person another's save. */
export interface FieldStamp {
  revision: number
  by: string
  at: string
}

/** What became of a scheduled publish when it ran. */
export type ScheduleOutcome = { status: 'published'; version: string; ranAt: string } | { status: 'failed'; words: string; ranAt: string }

/** A publish of the draft planned for a moment (a publisher's), and once it ran, its outcome. */
export interface DraftSchedule {
  /** The instant it is due, ISO 8601 UTC (picked as a date and time in the site's time zone). */
  at: string
  /** The publisher who scheduled it: the publish is theirs. */
  by: string
  scheduledAt: string
  outcome?: ScheduleOutcome
}

/** What the list of drafts shows of each: everything but its config. */
export interface DraftMeta {
  id: string
  name: string
  /** The account that started it. */
  author: string
  createdAt: string
  updatedAt: string
  updatedBy: string
  /** The version the draft was started from (the editor's `built` before the first publish). */
  base: string
  /** Counts every change; a save names the revision it started from. */
  revision: number
  /** The pages (by address) and parts of the site it changes, derived from its fields. */
  changes: string[]
  /** A planned publish (publish/draft-schedules.ts), or the outcome of the last one. */
  schedule?: DraftSchedule
  /** Where the draft is in its review: absent while nobody asked for one (editor/server/drafts/draft-review.ts). */
  review?: DraftReview
}

/** Draft → in review (asked) → published, or sent back (a publisher's comment) → edited and asked again. */
interface DraftReview {
  state: 'in-review' | 'sent-back'
  askedBy: string
  askedAt: string
  /** The asker's words to the publishers. */
  note?: string
  /** Who sent it back, when, and why. */
  sentBackBy?: string
  sentBackAt?: string
  comment?: string
}

/** A signed, read-only link to the draft's site as it would be published (editor/server/drafts/preview-links.ts). */
export interface PreviewLink {
  id: string
  /** sha256 of the token, base64url: the link cannot be rebuilt from the store. */
  tokenHash: string
  createdBy: string
  createdAt: string
  expiresAt: string
  /** When it was revoked; a revoked link is kept so it is refused in those words, not as unknown. */
  revokedAt?: string
}

export interface TeamDraft extends DraftMeta {
  /**
   * The whole config, as the editor sends it (not a patch against the base): the base version
   * may be pruned from the kept versions while the draft lives, and publishing writes the config
   * onto the base's text anyway, keeping untouched bytes as they were.
   */
  config: unknown
  /** Each field written since the draft began, by its key (editor/draft-fields.ts fieldKey). */
  fields: Record<string, FieldStamp>
  /** The links that show the draft to someone without an account; each kept as the hash of its token only. */
  previewLinks?: PreviewLink[]
}

export interface DraftStore {
  /** Every draft, most recently saved first. */
  list(): Promise<DraftMeta[]>
  get(id: string): Promise<TeamDraft | undefined>
  /** Stores a new draft, unless `max` drafts exist already (DraftLimitReached). */
  create(draft: TeamDraft, max: number): Promise<void>
  /**
   * Replaces the draft with what `change` makes of it, in one step no other save comes between
   * (`change` may run again on a newer draft, and may throw to change nothing). Undefined: no such draft.
   */
  update(id: string, change: (draft: TeamDraft) => TeamDraft): Promise<TeamDraft | undefined>
  /** False when there was no such draft. */
  remove(id: string): Promise<boolean>
  close(): Promise<void>
}

/** Creating a draft when the most there may be exist already; nothing was stored. */
export class DraftLimitReached extends Error {
  constructor(max: number) {
    super(`There are already ${max} drafts, the most this site keeps (EDITOR_DRAFTS_MAX). Publish or delete one, then start a new one.`)
    this.name = 'DraftLimitReached'
  }
}

/** 16 characters of 96 random bits: unguessable, and nothing a path or a key could be bent with. */
const ID_PATTERN = /^[A-Za-z0-9_-]{16}$/

export const isDraftId = (id: unknown): id is string => typeof id === 'string' && ID_PATTERN.test(id)

export const newDraftId = (): string => randomBytes(12).toString('base64url')

export const metaOf = ({ config: _config, fields: _fields, previewLinks: _links, ...meta }: TeamDraft): DraftMeta => meta

/** A draft as the editor's API answers it: its preview links have their own route, which never shows their tokens' hashes. */
export const answeredDraft = ({ previewLinks: _links, ...draft }: TeamDraft): Omit<TeamDraft, 'previewLinks'> => draft

export const newestFirst = (a: DraftMeta, b: DraftMeta) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0)
