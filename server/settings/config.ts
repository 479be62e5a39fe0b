/**
 * The server's settings as its programs read them: every variable of the table (settings-table.ts)
 * read and checked at once, grouped (grouped-values.ts), the rules between them applied
 * (setting-rules.ts); a mistake stops the program with one line per problem. The server reads the
 * environment here only and passes the values down.
 */
import { formVariable, groupOf, readSettings, type ServerConfig } from './grouped-values.ts'
import { developmentNotices, problemsBetween, withPlaceholderRecipient } from './setting-rules.ts'

export { formVariable, type EditorSettings, type FormsSettings, type ServerConfig, type ServerTimeouts } from './grouped-values.ts'

const DEFAULTS = readSettings({}).values
/** The time limits when none is set (tests' servers). */
export const TIMEOUTS = groupOf(DEFAULTS, 'timeouts')
/** The defaults the forms service falls back on when a caller (a test) leaves a setting out. */
export const FORMS_DEFAULTS = groupOf(DEFAULTS, 'forms')

/** A form's own recipients: MAIL_TO_<NAME>. */
export const recipientsVariable = (form: string) => formVariable('MAIL_TO', form)

/** Every mistake in the environment at once, each a line that names the variable and what to set. */
export class ConfigurationError extends Error {
  readonly problems: string[]

  constructor(problems: string[]) {
    super(problems.join('\n'))
    this.problems = problems
  }
}

/** Reads and checks every setting; throws a ConfigurationError listing all the problems found. */
export function readServerConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const { values, problems, notices } = readSettings(env)
  const forms = groupOf(values, 'forms')
  const editor = groupOf(values, 'editor')
  problems.push(...problemsBetween(forms, editor))
  if (problems.length > 0) throw new ConfigurationError(problems)
  return {
    ...groupOf(values, 'server'),
    timeouts: groupOf(values, 'timeouts'),
    editor,
    forms: withPlaceholderRecipient(forms),
    notices: [...notices, ...developmentNotices(forms)],
  }
}

/** sysexits' EX_CONFIG: the systemd unit does not restart a server that cannot start as configured. */
export const CONFIGURATION_EXIT_CODE = 78

/** One line per problem on stderr, then exit: a wrong setting is the operator's to fix, not a crash with a stack trace. */
export function exitForConfiguration(problems: string[]): never {
  for (const problem of problems) process.stderr.write(`Configuration: ${problem}\n`)
  process.stderr.write(`Not started: ${problems.length === 1 ? 'fix this setting' : `fix these ${problems.length} settings`} (README, "Environment variables").\n`)
  process.exit(CONFIGURATION_EXIT_CODE)
}

/** For the programs (server, dev server, outbox command): the settings, or the problems and exit. */
export function readServerConfigOrExit(env: NodeJS.ProcessEnv): ServerConfig {
  try {
    return readServerConfig(env)
  } catch (error) {
    if (error instanceof ConfigurationError) exitForConfiguration(error.problems)
    throw error
  }
}
