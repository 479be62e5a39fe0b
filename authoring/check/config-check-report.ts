import fs from 'node:fs'
import { checkConfigText, formatNotices, formatProblems, formatSuccess, SchemaLoadError } from './index.ts'

/** Exit codes of a check: clean, problems in the config, the check itself could not run. */
export const checkExit = { clean: 0, problems: 1, cannotCheck: 2 } as const

/** The config's text, or undefined after saying on stderr why it cannot be read. */
export function readConfigText(configPath: string, label: string): string | undefined {
  try {
    return fs.readFileSync(configPath, 'utf8')
  } catch (error) {
    console.error(`Cannot read ${label}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message}.`)
    return undefined
  }
}

/**
 * Checks a config text and prints the outcome as `npm run validate` does: notices, then every
 * problem at its file:line:column with its [code], or the one-line success. `npm run validate` and
 * `npm run build` (on the file it is about to build) both print through this. Returns the exit code.
 */
export function reportConfigCheck(text: string, label: string, publicDir: string, started = performance.now()): number {
  try {
    const { problems, notices, routeCount } = checkConfigText(text, label, { publicDir })
    process.stdout.write(formatNotices(notices))
    if (problems.length === 0) {
      process.stdout.write(formatSuccess(label, routeCount, performance.now() - started))
      return checkExit.clean
    }
    process.stdout.write(formatProblems(problems))
    return checkExit.problems
  } catch (error) {
    if (error instanceof SchemaLoadError) {
      console.error(`Cannot check ${label}: a schema file is broken.\n  ${error.message}`)
      return checkExit.cannotCheck
    }
    // A fault in the checker itself: one line for the person, the stack only on request.
    console.error(`The checker itself failed: ${(error as Error).message}`)
    if (process.env.DEBUG) console.error((error as Error).stack)
    return checkExit.cannotCheck
  }
}
