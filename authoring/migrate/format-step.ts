import type { ConfigEdit } from './config-edits.ts'

/** What a step does to one config: its edits, and what it could not carry over, in words. */
interface StepOutcome {
  edits: ConfigEdit[]
  /** A value the step could not carry over, said with where it is and what to write by hand. */
  notes: string[]
}

/**
 * One breaking change of the schemas, as the edit that brings a config of format `from` to
 * `from + 1`. A pure function of the parsed config; it reads the shape rather than trusting
 * `format`, so a config already in the new shape gets no edit.
 */
export interface FormatStep {
  from: number
  /** What changed, in one line: the migrate command prints it. */
  change: string
  edits(config: unknown): StepOutcome
}
