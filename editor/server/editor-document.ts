import type { Problem } from '../../authoring/check/index.ts'
import type { VersionMeta } from './published-versions.ts'

/** A checker's problem, with where it sits in the config, so the editor can show it on its field. */
export type EditorProblem = Problem & { path: (string | number)[] }

/** A draft as the checker saw it (editor/server/checked-text.ts). */
export interface CheckedDraft {
  /** The text a save would write. */
  text: string
  /** The first problems (SHOWN_PROBLEMS of the checker), most important first, each with its JSON path. */
  problems: EditorProblem[]
  /** How many problems there are in all. */
  problemCount: number
}

/**
 * The config the editor's API works on: the config file under `npm run dev` (config-document.ts),
 * the published version on a production server (publish/). Every text it writes is the base
 * version's text with the editor's changes written onto it, so untouched bytes stay as they were.
 */
export interface EditorDocument {
  /** The text and version the editor starts from. */
  load(): Promise<{ version: string; config: unknown; label: string }>
  /** The text a save would write, with the checker's first problems (each with its JSON path) and their count. Off the event loop: checker-thread.ts. */
  check(version: string, config: unknown): Promise<CheckedDraft>
  /**
   * Dev: writes the file. Production: publishes a new version as `author`. Throws ConflictError when
   * `version` is no longer the current one; CheckNotDone (checker-thread.ts) when the check was not done.
   */
  save(version: string, config: unknown, author?: string): Promise<{ version: string } & Omit<CheckedDraft, 'text'>>
}

/**
 * A save refused because the document changed since the editor loaded it (the file on disk, or
 * another author's publish). On a production server it carries the version now current, which
 * the editor shows: who published it, when, and what it changed.
 */
export class ConflictError extends Error {
  readonly current: VersionMeta | undefined
  constructor(message: string, current?: VersionMeta) {
    super(message)
    this.current = current
  }
}
