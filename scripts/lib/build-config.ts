import { checkExit, readConfigText, reportConfigCheck } from '../../authoring/check/config-check-report.ts'
import { displayPath, startingFolder } from '../../authoring/config/config-file.ts'
import { chosenSite, pinSite, type Site } from './site-folder.ts'

const usage = 'Usage: [SITE_DIR=path/to/site] npm run build [-- path/to/config.json] [--debug]'

/**
 * The site `npm run build` builds (scripts/lib/site-folder.ts: SITE_DIR's folder, the project by
 * default; a path argument or SITE_CONFIG names another config file, relative to where the command
 * was typed, as `npm run validate` reads it), its config checked with the validator first against
 * the site's public/, the folder the build ships: on any problem the build prints them as
 * `npm run validate` does and exits without building anything, and without a stack trace.
 */
export function checkedSiteOrExit(argv: string[]): Site {
  const positional = argv.filter((arg) => !arg.startsWith('-'))
  const unknown = argv.filter((arg) => arg.startsWith('-') && arg !== '--debug')
  if (unknown.length > 0 || positional.length > 1) stop(`Unknown ${unknown.length > 0 ? `option ${unknown[0]}` : `argument ${positional[1]}`}.\n${usage}`, checkExit.cannotCheck)
  const site = chosenSite(positional[0])
  // Vite's config (the site's public/ and config modules) and the build stamp read it from here.
  pinSite(site)
  const label = displayPath(startingFolder(), site.configFile)
  const text = readConfigText(site.configFile, label)
  if (text === undefined) stop('The build stopped: it has no config to build.', checkExit.cannotCheck)
  const status = reportConfigCheck(text, label, site.publicDir)
  if (status !== checkExit.clean)
    stop(`The build stopped before building anything: ${label} must pass the check above first (\`npm run validate -- ${label}\` runs it alone).`, status)
  return site
}

function stop(message: string, code: number): never {
  console.error(message)
  process.exit(code)
}
