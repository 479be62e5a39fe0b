/**
 * `npm run validate [-- path/to/config.json] [--public DIR] [--fix-quotes]`: checks a site config
 * (the path given, else SITE_CONFIG's file, else site.config.json)
 * against the schemas and the cross-checks (links, addresses, files) and prints every problem at
 * its file:line:column. `--fix-quotes` first straightens curly quotes used as JSON quotes (never
 * those inside texts) in the file. Exit 0 when clean, 1 with problems, 2 when the check itself
 * cannot run.
 */
import fs from 'node:fs'
import path from 'node:path'
import { displayPath, nearestPublicDir, startingFolder } from '../authoring/config/config-file.ts'
import { defaultConfigPath } from './lib/paths.ts'
import { checkExit, readConfigText, reportConfigCheck } from '../authoring/check/config-check-report.ts'
import { findPunctuationQuotes, straightenQuotes } from '../authoring/check/index.ts'

const usage = 'Usage: npm run validate [-- path/to/config.json] [--public path/to/public] [--fix-quotes]'

function main(argv: string[]): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage)
    return 0
  }
  const positional: string[] = []
  let publicArg: string | undefined
  let fixQuotes = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (arg === '--fix-quotes') fixQuotes = true
    else if (arg === '--public') publicArg = argv[++i]
    else if (arg.startsWith('--public=')) publicArg = arg.slice('--public='.length)
    else if (arg.startsWith('-')) {
      console.error(`Unknown option ${arg}.\n${usage}`)
      return 2
    } else positional.push(arg)
  }
  const base = startingFolder()
  // SITE_CONFIG names the file as it does for `npm run build` and `npm run dev`; a path argument wins.
  const given = positional[0] ?? process.env.SITE_CONFIG
  const configPath = given ? path.resolve(base, given) : defaultConfigPath
  const label = displayPath(base, configPath)

  let text = readConfigText(configPath, label)
  if (text === undefined) return checkExit.cannotCheck
  if (fixQuotes) text = straightenFile(configPath, label, text)
  // Timed from the start of the process, as the success line has always counted it.
  return reportConfigCheck(text, label, publicArg ? path.resolve(base, publicArg) : nearestPublicDir(configPath), 0)
}

/** Writes the file back with its punctuation quotes straight; says what changed. */
function straightenFile(configPath: string, label: string, text: string): string {
  const offsets = findPunctuationQuotes(text)
  if (offsets.length === 0) {
    console.log(`No curly quotes used as JSON quotes in ${label}; nothing changed.`)
    return text
  }
  const fixed = straightenQuotes(text, offsets)
  fs.writeFileSync(configPath, fixed)
  const lines = [...new Set(offsets.map((offset) => text.slice(0, offset).split('\n').length))]
  console.log(
    `✓ Straightened ${offsets.length} curly ${offsets.length === 1 ? 'quote' : 'quotes'} in ${label} (${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')}); quotes inside texts are unchanged.`,
  )
  return fixed
}

process.exitCode = main(process.argv.slice(2))
