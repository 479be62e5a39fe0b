/**
 * What the editor needs of the published versions on a production server (publish/ implements
 * it; the editor's versions API and screen show it). Declared here, with the editor that reads it,
 * so the editor imports nothing of publish/.
 */

import type { VersionMeta } from '../../site/published-version.ts'

export type { ChangeSummary, VersionMeta } from '../../site/published-version.ts'

export interface PublishedVersions {
  /** Newest first, at most the number kept. */
  list(): Promise<VersionMeta[]>
  /** Publishes version `id`'s text again, as a new version on top of the current one, by `author`. Throws VersionNotFound for an unknown id. */
  rollback(id: string, author: string): Promise<VersionMeta>
  /** A version's config text as published (formatted as the repository keeps it); undefined for an unknown id. */
  configText(id: string | 'current'): Promise<string | undefined>
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
