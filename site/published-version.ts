/**
 * A published version of the site's config as the editor, the publisher and the versions command
 * all show it: who published it, when, on top of which version, and what it changed. Part of the
 * shared model because both sides of publishing read it (publish/ keeps it, editor/ shows it).
 */

/** What one version changed against the one it was published on, in words a person reads (publish/change-summary.ts). */
export interface ChangeSummary {
  routes: {
    /** Paths of the pages added and removed. */
    added: string[]
    removed: string[]
    /** Per page kept: what changed, e.g. "title", "blocks changed: 3. cards", "blocks added". */
    changed: Array<{ path: string; what: string[] }>
  }
  /** The other top-level parts changed: "site", "theme", "navigation", "footer", "texts", "forms"… */
  site: string[]
}

export interface VersionMeta {
  id: string
  /** The account that published it (or the operator's name, from the versions command). */
  author: string
  /** ISO 8601, UTC. */
  publishedAt: string
  /** The version it was published on top of; null for the first. */
  base: string | null
  summary: ChangeSummary
  /** Set when this version puts back the text of an older one (a rollback). */
  rollbackOf?: string
  /** Set when this version puts back one page as it was in an older version (or the site as deployed), leaving the others as they were. */
  restoredPage?: { path: string; from: string }
}
