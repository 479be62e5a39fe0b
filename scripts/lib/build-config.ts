import { checkExit, readConfigText, reportConfigCheck } from '../../authoring/check/config-check-report.ts'
import { configInUseLine, displayPath, startingFolder } from '../../authoring/config/config-file.ts'
import { migratedInMemory } from '../../authoring/migrate/migrate-config.ts'
import { chosenSite, pinSite, type Site } from './site-folder.ts'

const usage = 'Usage: [SITE_DIR=path/to/site] npm run build [-- path/to/config.json] [--debug]'

/**
 * The site `npm run build` builds (scripts/lib/site-folder.ts: SITE_DIR's folder, the project by
 * default; a path argument or SITE_CONFIG names another config file, relative to where the command
 * was typed, as `npm run validate` reads it), its config checked with the validator first against
 * the site's public/, the folder the build ships: on any problem the build prints them as
 * `npm run validate` does and exits without building anything, and without a stack trace. It says
 * first which file it read; a config of an older format is built as today's, read so in memory
 * with a warning naming `npm run migrate`, and `configText` is that text.
 */
export function checkedSiteOrExit(argv: string[]): Site & { configText: string } {
  const positional = argv.filter((arg) => !arg.startsWith('-'))
  const unknown = argv.filter((arg) => arg.startsWith('-') && arg !== '--debug')
  if (unknown.length > 0 || positional.length > 1) stop(`Unknown ${unknown.length > 0 ? `option ${unknown[0]}` : `argument ${positional[1]}`}.\n${usage}`, checkExit.cannotCheck)
  const site = chosenSite(positional[0])
  // Vite's config (the site's public/ and config modules) and the build stamp read it from here.
  pinSite(site)
  const label = displayPath(startingFolder(), site.configFile)
  console.log(configInUseLine(site.configFile))
  const written = readConfigText(site.configFile, label)
  if (written === undefined) stop('The build stopped: it has no config to build.', checkExit.cannotCheck)
  const { text, warning } = migratedInMemory(written, label)
  if (warning) console.warn(warning)
  const status = reportConfigCheck(text, label, site.publicDir)
  if (status !== checkExit.clean)
    stop(`The build stopped before building anything: ${label} must pass the check above first (\`npm run validate -- ${label}\` runs it alone).`, status)
  return { ...site, configText: text }
}

function stop(message: string, code: number): never {
  console.error(message)
  process.exit(code)
}
