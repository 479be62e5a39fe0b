/**
 * `npm run migrate [-- path/to/config.json]`: rewrites a site config of an older format to today's
 * (authoring/migrate/), through the editor's minimal-diff writer: only the lines of what changed
 * change, and every other byte of the file stays as it was. Prints each change and what it could
 * not carry over, then checks the result as `npm run validate` does. Refuses a format newer than
 * it knows, and a file that is not JSON, changing nothing.
 *
 * The config is chosen as `npm run validate` chooses it (an argument, else SITE_CONFIG, else
 * SITE_DIR's site.config.json, else the project's; scripts/lib/site-folder.ts).
 * Exit codes: 0 migrated (or nothing to do) and clean, 1 the result has problems, 2 nothing was done.
 */
import { parseTree, type ParseError, parse } from 'jsonc-parser'
import { checkExit, readConfigText, reportConfigCheck } from '../authoring/check/config-check-report.ts'
import { configInUseLine, displayPath, startingFolder } from '../authoring/config/config-file.ts'
import { editFileLocked } from '../authoring/config/config-edit.ts'
import { currentFormat } from '../authoring/migrate/format-steps.ts'
import { migratedText, plannedMigration, type Migration } from '../authoring/migrate/migrate-config.ts'
import { chosenSite } from './lib/site-folder.ts'

const usage = "Usage: npm run migrate [-- path/to/config.json]   (SITE_DIR=path/to/site before it migrates that site folder's site.config.json)"

function main(argv: string[]): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage)
    return 0
  }
  if (argv.length > 1 || argv.some((arg) => arg.startsWith('-'))) {
    console.error(`Unknown ${argv.find((arg) => arg.startsWith('-')) ? 'option' : 'argument'} ${argv.find((arg) => arg.startsWith('-')) ?? argv[1]}.\n${usage}`)
    return checkExit.cannotCheck
  }
  const site = chosenSite(argv[0])
  const label = displayPath(startingFolder(), site.configFile)
  console.log(configInUseLine(site.configFile))
  const text = readConfigText(site.configFile, label)
  if (text === undefined) return checkExit.cannotCheck
  const errors: ParseError[] = []
  const config: unknown = parse(text, errors, { disallowComments: true })
  if (errors.length > 0 || parseTree(text)?.type !== 'object') {
    console.error(`${label} is not a JSON object, so nothing was changed: \`npm run validate -- ${label}\` shows where.`)
    return checkExit.cannotCheck
  }
  const migration = plannedMigration(config)
  if (!migration) {
    const stated = JSON.stringify((config as { format?: unknown }).format)
    console.error(
      `${label} says "format": ${stated}, which this version cannot read (it knows formats 1 to ${currentFormat}), so nothing was changed. A newer format was written by a newer version of the site builder.`,
    )
    return checkExit.cannotCheck
  }
  if (migration.edits.length === 0) {
    console.log(`${label} is already format ${currentFormat}; nothing changed.`)
    return checkExit.clean
  }
  editFileLocked(site.configFile, (before) => migratedText(before, migration))
  console.log(report(label, migration))
  return reportConfigCheck(readConfigText(site.configFile, label) ?? '', label, site.publicDir)
}

function report(label: string, migration: Migration): string {
  if (migration.steps.length === 0) return `✓ ${label} had today's shape; it now says "format": ${currentFormat}.`
  const lines = [`✓ Migrated ${label} from format ${migration.from} to format ${currentFormat}:`]
  for (const step of migration.steps) {
    lines.push(`  ${step.from} → ${step.from + 1}: ${step.change}`)
    for (const note of step.notes) lines.push(`    ! Not carried over: ${note}`)
  }
  return lines.join('\n')
}

process.exitCode = main(process.argv.slice(2))
