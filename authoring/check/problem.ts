import type { ErrorCode, ProblemKind, Said } from './error-catalogue.ts'

export type { ProblemKind } from './error-catalogue.ts'

/**
 * One thing wrong with a config, located in the file and in the site's structure, in words a
 * person who edits the JSON by hand can act on.
 */
export interface Problem {
  /** The file as the person knows it, e.g. `site.config.json` (a path relative to where they are). */
  file: string
  /** 1-based line of the offending value or key. */
  line: number
  /** 1-based column of the offending value or key. */
  column: number
  /**
   * Where the key or value the problem marks ends: the line and column just after its last
   * character (exclusive, as SARIF and editors count); absent when the problem marks a spot
   * rather than a value.
   */
  endLine?: number
  endColumn?: number
  /** Path of the page the problem is in (e.g. `/about`), when it is inside a route. */
  routePath?: string
  /** 0-based index in the page's `blocks` list, when it is inside a block. */
  blockIndex?: number
  /** The block's `type`, when it has a readable one. */
  blockType?: string
  /** Where in the site's structure, ready to print: `/about › blocks[2] (timeline) › cards[1]`. */
  where: string
  /** Stable code of the catalogue entry (error-catalogue.ts), printed as `[code]`; docs/errors.md has a section per code. */
  code: ErrorCode
  /** JSON pointer of the value the problem is about (`/routes/3/blocks/0/heading`), `''` for the whole file. */
  pointer: string
  /** What is wrong, in plain words. */
  message: string
  /** What to do about it, when there is something better to say than the message. */
  hint?: string
  kind: ProblemKind
  /** Rank of the kind: lower ones are printed first (see `problemKindOrder`). */
  order: number
}

/**
 * How many problems, and how many notices, a check hands back with all their words; the rest are
 * only counted. A person fixes a config a few problems at a time, while a badly broken or hostile
 * draft has hundreds of thousands: as a list, megabytes for the editor and CI to carry and read.
 */
export const SHOWN_PROBLEMS = 100

export const problemKindOrder: Record<ProblemKind, number> = { syntax: 0, structure: 1, value: 2, reference: 3 }

/** Most important first; within a kind in reading order of the file. */
export function sortProblems<T extends Pick<Problem, 'kind' | 'line' | 'column'>>(problems: T[]): T[] {
  return [...problems].sort((a, b) => problemKindOrder[a.kind] - problemKindOrder[b.kind] || a.line - b.line || a.column - b.column)
}

/**
 * A problem before it is dressed for printing: each check says what (a catalogue entry with its
 * facts) and where (as a path in the config and a position in the file); the route/block context
 * is added in one place.
 */
export interface Finding extends Said {
  /** The object the message talks about; the printed `/about › blocks[2]` line comes from it. */
  wherePath: (string | number)[]
  /** The value itself, when it is not the object `wherePath` names (for the JSON pointer). */
  valuePath?: (string | number)[]
  line: number
  column: number
}
