/**
 * `npm run validate [-- path/to/config.json] [--public DIR] [--fix-quotes] [--format FORMAT] [--output FILE]`:
 * checks a site config (the path given, else SITE_CONFIG's file, else the site.config.json of the site
 * folder SITE_DIR names, by default the project's; scripts/lib/site-folder.ts) against the
 * schemas and the cross-checks (links, addresses, files) and reports every problem at its
 * file:line:column. `--fix-quotes` first straightens curly quotes used as JSON quotes (never those
 * inside texts) in the file.
 *
 * `--format`: `human` (the default; the text a person reads), `github` (the default when
 * GITHUB_ACTIONS=true: workflow commands GitHub shows as annotations on the pull request's lines,
 * plus a Markdown table in the job summary when GITHUB_STEP_SUMMARY is set), `json` (one document,
 * docs/validate-output.schema.json) or `sarif` (SARIF 2.1.0, for code scanning). `--output FILE`
 * writes the report to FILE instead of stdout.
 *
 * Exit codes, the same in every format: 0 the config is clean (notices never fail it), 1 it has
 * problems, 2 the check could not run (an unknown option, an unreadable file, a broken schema, a
 * fault in the checker).
 *
 * Runs on Node's own type stripping with production packages only: erasable TypeScript, imports
 * that name their .ts files.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { displayPath, startingFolder } from '../authoring/config/config-file.ts'
import { chosenSite } from './lib/site-folder.ts'
import { checkExit, exitCodeOf, humanReport, readConfigFile, runConfigCheck, type CheckOutcome } from '../authoring/check/config-check-report.ts'
import { findPunctuationQuotes, straightenQuotes } from '../authoring/check/index.ts'
import { githubReport } from '../authoring/check/output/github.ts'
import { jsonReport } from '../authoring/check/output/json.ts'
import { reportTarget } from '../authoring/check/output/report-target.ts'
import { sarifReport } from '../authoring/check/output/sarif.ts'
import { stepSummary } from '../authoring/check/output/step-summary.ts'

const formats = ['human', 'github', 'json', 'sarif'] as const
type Format = (typeof formats)[number]

const usage = `Usage: npm run validate [-- path/to/config.json] [--public path/to/public] [--fix-quotes] [--format ${formats.join('|')}] [--output FILE]
SITE_DIR=path/to/site before it checks that site folder's site.config.json, its pictures in its public/.
Exit codes: 0 clean (notices never fail), 1 problems, 2 the check could not run.`

interface Options {
  configArg?: string
  publicArg?: string
  fixQuotes: boolean
  format: Format
  output?: string
}

/** The options, or the sentence that says what is wrong with them (Node's parseArgs words it). */
function parseOptions(argv: string[]): Options | string {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { 'fix-quotes': { type: 'boolean' }, public: { type: 'string' }, format: { type: 'string' }, output: { type: 'string' } },
    })
    const format = values.format ?? (process.env.GITHUB_ACTIONS === 'true' ? 'github' : 'human')
    if (!(formats as readonly string[]).includes(format)) return `Unknown format "${format}": use one of ${formats.join(', ')}.`
    return { configArg: positionals[0], publicArg: values.public, fixQuotes: values['fix-quotes'] ?? false, format: format as Format, output: values.output }
  } catch (error) {
    return (error as Error).message
  }
}

function main(argv: string[]): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage)
    return 0
  }
  const options = parseOptions(argv)
  if (typeof options === 'string') {
    console.error(`${options}\n${usage}`)
    return checkExit.cannotCheck
  }
  const base = startingFolder()
  // The site as `npm run build` and `npm run dev` choose it (SITE_DIR, SITE_CONFIG); a path argument wins.
  const site = chosenSite(options.configArg)
  const configPath = site.configFile
  const label = displayPath(base, configPath)
  // A machine-read report owns stdout: what --fix-quotes says goes to stderr there.
  const say = options.format === 'json' || options.format === 'sarif' ? console.error : console.log
  const check = (text: string): CheckOutcome =>
    // Timed from the start of the process, as the success line has always counted it.
    runConfigCheck(options.fixQuotes ? straightenFile(configPath, label, text, say) : text, label, options.publicArg ? path.resolve(base, options.publicArg) : site.publicDir, 0)

  const read = readConfigFile(configPath, label)
  const outcome = 'text' in read ? check(read.text) : read
  return report(outcome, label, configPath, options) ? exitCodeOf(outcome) : checkExit.cannotCheck
}

/** Prints or writes the report in the chosen format; false when the --output file cannot be written. */
function report(outcome: CheckOutcome, label: string, configPath: string, options: Options): boolean {
  const target = reportTarget(configPath)
  let text: string
  if (options.format === 'human') {
    const human = humanReport(outcome, label, options.output ? { color: false } : {})
    process.stderr.write(human.err)
    text = human.out
  } else {
    if (!outcome.ran && process.env.DEBUG && outcome.stack) console.error(outcome.stack)
    text = options.format === 'github' ? githubReport(outcome, label, target) : options.format === 'json' ? jsonReport(outcome, target) : sarifReport(outcome, target)
    if (options.format === 'github' && process.env.GITHUB_STEP_SUMMARY) appendOrWarn(process.env.GITHUB_STEP_SUMMARY, stepSummary(outcome, label, target) + '\n')
  }
  if (!options.output) {
    process.stdout.write(text)
    return true
  }
  try {
    fs.writeFileSync(path.resolve(startingFolder(), options.output), text)
    return true
  } catch (error) {
    console.error(`Cannot write the report to ${options.output}: ${(error as Error).message}`)
    return false
  }
}

/** The job summary is a courtesy: a summary file that cannot be written does not change the outcome. */
function appendOrWarn(file: string, markdown: string): void {
  try {
    fs.appendFileSync(file, markdown)
  } catch (error) {
    console.error(`Cannot write the job summary to ${file}: ${(error as Error).message}`)
  }
}

/** Writes the file back with its punctuation quotes straight; says what changed. */
function straightenFile(configPath: string, label: string, text: string, say: (line: string) => void): string {
  const offsets = findPunctuationQuotes(text)
  if (offsets.length === 0) {
    say(`No curly quotes used as JSON quotes in ${label}; nothing changed.`)
    return text
  }
  const fixed = straightenQuotes(text, offsets)
  fs.writeFileSync(configPath, fixed)
  const lines = [...new Set(offsets.map((offset) => text.slice(0, offset).split('\n').length))]
  say(
    `✓ Straightened ${offsets.length} curly ${offsets.length === 1 ? 'quote' : 'quotes'} in ${label} (${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')}); quotes inside texts are unchanged.`,
  )
  return fixed
}

process.exitCode = main(process.argv.slice(2))
