import type { PublishStep } from '../../publish/publish-progress.ts'

/**
 * An answer given as it happens (progress-answer.ts), as the server writes it and the editor's
 * page reads it: one JSON value a line, each a step of the work, the last one its outcome.
 */
export const PROGRESS_TYPE = 'application/x-ndjson'

/** The last line: the status and body the JSON answer would have had. */
export interface FinalLine {
  status: number
  body: unknown
}

export type ProgressLine = PublishStep | FinalLine
