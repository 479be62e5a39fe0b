/**
 * What the editor needs of the published versions on a production server (publish/ implements
 * it; the editor's versions API and screen show it). Declared here, with the editor that reads it,
 * so the editor imports nothing of publish/.
 */

import type { VersionMeta } from '../../site/published-version.ts'
import type { DeployedSite, PageHistory, VersionChanges } from '../../site/version-changes.ts'

export type { ChangeSummary, VersionMeta } from '../../site/published-version.ts'
export type { DeployedSite, PageHistory, VersionChanges } from '../../site/version-changes.ts'

export interface RestorePageRequest {
  /** The version to take the page from, or `deployed`. */
  id: string
  /** The page's address in that version. */
  page: string
  /** The same page's address now, when the editor knows it (the page whose history it shows); else it is found by its addresses. */
  into?: string
  /** The version the editor saw as current (null: none published yet); another one current now is a conflict. */
  base: string | null
  author: string
}

export interface PublishedVersions {
  /** Newest first, at most the number kept. */
  list(): Promise<VersionMeta[]>
  /** The site as deployed: listed after the versions, restorable as they are. */
  deployed(): DeployedSite
  /** Publishes version `id`'s text (`deployed`: the deployed site's) again, as a new version on top of the current one, by `author`. Throws VersionNotFound for an unknown id. */
  rollback(id: string, author: string): Promise<VersionMeta>
  /** A version's config text as published (formatted as the repository keeps it); undefined for an unknown id. */
  configText(id: string | 'current'): Promise<string | undefined>
  /** What version `id` changed, value by value; undefined for an id the store does not keep. */
  changes(id: string): Promise<{ version: VersionMeta; changes: VersionChanges } | undefined>
  /** The versions that changed the page at `path`, newest first, and the page as deployed. */
  pageHistory(path: string): Promise<PageHistory>
  /**
   * Publishes one page as it is in a version, on top of `base`, every other page as it is now.
   * Throws VersionNotFound (no such version, or no such page in it), RestoreRefused (the result
   * does not pass the check, or nothing would change) or ConflictError (`base` is no longer current).
   */
  restorePage(request: RestorePageRequest): Promise<VersionMeta>
}

/** A rollback to a version the store does not (or no longer) keep(s). */
export class VersionNotFound extends Error {}

/** A rollback the checker refuses: the old text no longer passes (a picture it names was deleted since, say). */
export class RollbackRefused extends Error {
  readonly problems: string[]
  constructor(id: string, problems: string[]) {
    super(`Version ${id} was not published again: it no longer passes the check (${problems.length === 1 ? 'one problem' : `${problems.length} problems`}).`)
    this.problems = problems
  }
}

/** A page restore not published, in words for the editor: the result does not pass the check (its problems), or the page is already so. */
export class RestoreRefused extends Error {
  readonly problems: string[]
  constructor(message: string, problems: string[] = []) {
    super(message)
    this.problems = problems
  }
}
