/**
 * The published versions of the site's config, wherever they are kept (a folder on one machine,
 * Redis for many instances), and the pictures uploaded in the editor, which every instance needs
 * for its content build. The publisher and the versions command work on this contract only.
 */

import type { ChangeSummary, VersionMeta } from '../site/published-version.ts'

export type { ChangeSummary, VersionMeta }

/** How a version came to be published: new text from the editor, a rollback (an earlier version's text again), or one page put back as it was. */
export type PublishEvent = 'publish' | 'rollback' | 'restore-page'

export interface StoredVersion {
  meta: VersionMeta
  /** The config exactly as published: exporting it gives these characters back. */
  configText: string
}

interface PublishInput {
  base: string | null
  configText: string
  author: string
  summary: ChangeSummary
  rollbackOf?: string
  restoredPage?: VersionMeta['restoredPage']
}

/** One picture the store keeps: its path under the public folder and a digest to compare copies by. */
export interface StoredPicture {
  /** e.g. images/partners/fortinet.svg */
  path: string
  bytes: number
  /** Hex SHA-256 of the bytes. */
  sha256: string
}

export interface VersionStore {
  current(): Promise<StoredVersion | undefined>
  get(id: string): Promise<StoredVersion | undefined>
  /** Newest first, at most the kept number. */
  list(): Promise<VersionMeta[]>
  /** Atomically: if the current version is still `base`, store the new one and make it current; else throw PublishConflict. */
  publish(input: PublishInput): Promise<VersionMeta>
  /** Another instance (or this one, or the versions command) made `id` current. Returns the unsubscribe. */
  onCurrentChange(listener: (id: string) => void): () => void

  /** Store (or replace) a picture; `relPath` as checked by pictureRelPath. */
  putPicture(relPath: string, bytes: Uint8Array): Promise<StoredPicture>
  removePicture(relPath: string): Promise<void>
  listPictures(): Promise<StoredPicture[]>
  readPicture(relPath: string): Promise<Uint8Array | undefined>

  close(): Promise<void>
}

/** The version a publish was based on is no longer the current one: someone published in between. */
export class PublishConflict extends Error {
  /** The version that is current now (what the editor shows as "changed since you started"). */
  readonly current: VersionMeta | undefined

  constructor(base: string | null, current: VersionMeta | undefined) {
    super(`The site was published in the meantime: version ${current?.id ?? '(none)'} is current, not ${base ?? '(none)'}. Load it, redo the change and publish again.`)
    this.name = 'PublishConflict'
    this.current = current
  }
}

/** A picture path or size the store refuses; nothing was stored. */
export class PictureRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PictureRefused'
  }
}

/** Each picture at most this large, so one upload cannot fill Redis (the editor's own limit is lower). */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024

/**
 * A version's id is the UTC second it was published, `20261126T101500Z`: short, readable, and in
 * the order of publishing. It is made under the store's lock (or in its atomic script's check) from
 * the base it replaces: when the clock gives a second not after the base's (two publishes in one
 * second, an instance whose clock is behind), the id is the base's second plus one. So ids are
 * unique and sort as they were published on every instance, with no counter to keep; the true
 * time is `publishedAt`.
 */
const ID_PATTERN = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/

export const isVersionId = (id: string): boolean => ID_PATTERN.test(id)

/** The parts of a version's meta the store writes as the publish gave them. */
export const metaOf = ({ author, base, summary, rollbackOf, restoredPage }: PublishInput, id: string, publishedAt: string): VersionMeta => ({
  id,
  author,
  publishedAt,
  base,
  summary,
  ...(rollbackOf ? { rollbackOf } : {}),
  ...(restoredPage ? { restoredPage } : {}),
})

const idOfTime = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z')

function timeOfId(id: string): number {
  const [, year, month, day, hour, minute, second] = ID_PATTERN.exec(id)!.map(Number)
  return Date.UTC(year!, month! - 1, day, hour, minute, second)
}

export function nextVersionId(nowMs: number, base: string | null): string {
  const now = Math.floor(nowMs / 1000) * 1000
  if (base === null || !isVersionId(base)) return idOfTime(now)
  return idOfTime(Math.max(now, timeOfId(base) + 1000))
}
