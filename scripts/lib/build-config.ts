import path from 'node:path'
import { checkExit, readConfigText, reportConfigCheck } from '../../authoring/check/config-check-report.ts'
import { displayPath, startingFolder } from '../../authoring/config/config-file.ts'
import { defaultConfigPath, publicDir } from './paths.ts'

const usage = 'Usage: [SITE_CONFIG=path/to/config.json] npm run build [-- path/to/config.json] [--debug]'

/**
 * The config `npm run build` builds (a path argument, else SITE_CONFIG, else site.config.json;
 * relative to where the command was typed, as `npm run validate` reads it), checked with the
 * validator first: on any problem the build prints them as `npm run validate` does and exits
 * without building anything, and without a stack trace. The pictures are looked up in the
 * project's public/, the folder the build ships, wherever the config lies.
 */
export function checkedConfigOrExit(argv: string[]): string {
  const positional = argv.filter((arg) => !arg.startsWith('-'))
  const unknown = argv.filter((arg) => arg.startsWith('-') && arg !== '--debug')
  if (unknown.length > 0 || positional.length > 1) stop(`Unknown ${unknown.length > 0 ? `option ${unknown[0]}` : `argument ${positional[1]}`}.\n${usage}`, checkExit.cannotCheck)
  const given = positional[0] ?? process.env.SITE_CONFIG
  const configPath = given ? path.resolve(startingFolder(), given) : defaultConfigPath
  // The config's Vite plugin (scripts/lib/vite-site-config.ts) and the build stamp read it from
  // here; left unset for site.config.json, so `npm start` finds its build fresh.
  if (given) process.env.SITE_CONFIG = configPath
  const label = displayPath(startingFolder(), configPath)
  const text = readConfigText(configPath, label)
  if (text === undefined) stop('The build stopped: it has no config to build.', checkExit.cannotCheck)
  const status = reportConfigCheck(text, label, publicDir)
  if (status !== checkExit.clean)
    stop(`The build stopped before building anything: ${label} must pass the check above first (\`npm run validate -- ${label}\` runs it alone).`, status)
  return configPath
}

function stop(message: string, code: number): never {
  console.error(message)
  process.exit(code)
}
