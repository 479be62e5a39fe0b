/**
 * What the editor needs of the published versions on a production server (publish/ implements
 * it; the editor's versions API and screen show it). Declared here, with the editor that reads it,
 * so the editor imports nothing of publish/.
 */

/** What changed between a version and the one before it, in words an author reads. */
export interface ChangeSummary {
  /** Pages by address; `what` names the changed parts: "title", "blocks 3 (cards), 5 (ctaBand)", "blocks added/removed/moved". */
  routes: { added: string[]; removed: string[]; changed: { path: string; what: string[] }[] }
  /** Other changed top-level parts of the config: "site", "navigation", "footer", "texts", "forms", "theme"… */
  site: string[]
}

/** One published version of the site's config. */
export interface VersionMeta {
  id: string
  /** The account that published it. */
  author: string
  /** ISO 8601. */
  publishedAt: string
  /** The version it was made from (null: the first). */
  base: string | null
  summary: ChangeSummary
  /** Set when it republished an older version's text (a rollback). */
  rollbackOf?: string
}

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
