import fs from 'node:fs'
import { checkConfigText, formatNotices, formatProblems, formatSuccess, SchemaLoadError, type ConfigCheck } from './index.ts'
import type { FormatOptions } from './format.ts'

/** Exit codes of a check: clean, problems in the config, the check itself could not run. */
export const checkExit = { clean: 0, problems: 1, cannotCheck: 2 } as const

/**
 * What a check came to, before it is printed in one of the report formats: the checker's result
 * and how long it took, or why it could not run (`reason` is the sentence a person is shown).
 */
export type CheckOutcome = (ConfigCheck & { ran: true; milliseconds: number }) | CannotCheck

interface CannotCheck {
  ran: false
  reason: string
  /** A fault in the checker itself: its stack, printed only on request (DEBUG). */
  stack?: string
}

/** The config's text, or why it cannot be read. */
export function readConfigFile(configPath: string, label: string): { text: string } | CannotCheck {
  try {
    return { text: fs.readFileSync(configPath, 'utf8') }
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message
    return { ran: false, reason: `Cannot read ${label}: ${why}.` }
  }
}

/** The config's text, or undefined after saying on stderr why it cannot be read. */
export function readConfigText(configPath: string, label: string): string | undefined {
  const read = readConfigFile(configPath, label)
  if ('text' in read) return read.text
  console.error(read.reason)
  return undefined
}

/** Checks a config text; a broken schema or a fault in the checker becomes an outcome, never a throw. */
export function runConfigCheck(text: string, label: string, publicDir: string, started = performance.now()): CheckOutcome {
  try {
    return { ran: true, ...checkConfigText(text, label, { publicDir }), milliseconds: performance.now() - started }
  } catch (error) {
    if (error instanceof SchemaLoadError) return { ran: false, reason: `Cannot check ${label}: a schema file is broken.\n  ${error.message}` }
    // A fault in the checker itself: one line for the person, the stack only on request.
    return { ran: false, reason: `The checker itself failed: ${(error as Error).message}`, stack: (error as Error).stack }
  }
}

/** Notices never fail a check; problems do; a check that could not run is neither pass nor fail. */
export function exitCodeOf(outcome: CheckOutcome): number {
  if (!outcome.ran) return checkExit.cannotCheck
  return outcome.problems.length > 0 ? checkExit.problems : checkExit.clean
}

/**
 * The outcome as a person reads it: notices, then the problems (the first SHOWN_PROBLEMS, and how
 * many more) at their file:line:column with their [code], or the one-line success (`out`, for
 * stdout); why the check could not run (`err`).
 */
export function humanReport(outcome: CheckOutcome, label: string, options: FormatOptions = {}): { out: string; err: string } {
  if (!outcome.ran) return { out: '', err: `${outcome.reason}\n${process.env.DEBUG && outcome.stack ? `${outcome.stack}\n` : ''}` }
  const notices = formatNotices(outcome.notices, options, outcome.noticeCount)
  if (outcome.problems.length === 0) return { out: notices + formatSuccess(label, outcome.routeCount, outcome.milliseconds, options), err: '' }
  return { out: notices + formatProblems(outcome.problems, options, outcome.problemCount), err: '' }
}

/**
 * Checks a config text and prints the outcome as `npm run validate` does by default. `npm run
 * validate` and `npm run build` (on the file it is about to build) both print through this.
 * Returns the exit code.
 */
export function reportConfigCheck(text: string, label: string, publicDir: string, started = performance.now()): number {
  const outcome = runConfigCheck(text, label, publicDir, started)
  const { out, err } = humanReport(outcome, label)
  process.stdout.write(out)
  process.stderr.write(err)
  return exitCodeOf(outcome)
}
