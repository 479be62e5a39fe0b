/**
 * `npm run new-site -- <folder> --name "Green Leaf Dental"`: writes a small site of its own into
 * <folder>: site.config.json (home, about and contact pages with the contact form, in the menu
 * and the footer, placeholder words, the name given) and public/ with a placeholder logo and
 * favicon made of the name's initials. Then checks it as `npm run validate` does, and says how to
 * work on it: every command takes the site with SITE_DIR=<folder> (scripts/lib/site-folder.ts).
 *
 * Exit codes, as `npm run validate`'s: 0 written and clean; 1 refused (the folder is not empty, a
 * name of blanks) or written with problems; 2 it could not run (an unknown option, a missing
 * argument, a folder that cannot be written).
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { checkExit, reportConfigCheck } from '../authoring/check/config-check-report.ts'
import { displayPath, startingFolder } from '../authoring/config/config-file.ts'
import { configFileName } from './lib/site-folder.ts'
import { starterConfig, starterPublicFiles } from './new-site/starter-site.ts'

const usage = 'Usage: npm run new-site -- <folder> --name "Your Company"'

function main(argv: string[]): number {
  let folderArg: string | undefined
  let name: string | undefined
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { name: { type: 'string' } } })
    if (positionals.length > 1) throw new Error(`One folder only, not ${positionals.length}.`)
    folderArg = positionals[0]
    name = values.name
  } catch (error) {
    console.error(`✗ ${(error as Error).message}\n  ${usage}`)
    return checkExit.cannotCheck
  }
  if (!folderArg || name === undefined) {
    console.error(`✗ Both the folder and --name are needed.\n  ${usage}`)
    return checkExit.cannotCheck
  }
  name = name.trim()
  if (!name) {
    console.error('✗ The name is empty: give the name the site shows in its header, footer and page titles, e.g. --name "Green Leaf Dental".')
    return checkExit.problems
  }
  const base = startingFolder()
  const dir = path.resolve(base, folderArg)
  const shown = displayPath(base, dir)
  const existing = fs.statSync(dir, { throwIfNoEntry: false })
  if (existing && (!existing.isDirectory() || fs.readdirSync(dir).length > 0)) {
    const what = existing.isDirectory() ? 'is not empty' : 'is a file'
    console.error(`✗ ${shown} ${what}: a new site is written into a new or empty folder only, so nothing of yours is overwritten. Choose another folder.`)
    return checkExit.problems
  }

  const configFile = path.join(dir, configFileName)
  const publicDir = path.join(dir, 'public')
  const text = JSON.stringify(starterConfig(name, dir), null, 2) + '\n'
  try {
    fs.mkdirSync(publicDir, { recursive: true })
    fs.writeFileSync(configFile, text)
    for (const [file, content] of Object.entries(starterPublicFiles(name))) fs.writeFileSync(path.join(publicDir, file), content)
  } catch (error) {
    console.error(`✗ Cannot write the site into ${shown}: ${(error as Error).message}`)
    return checkExit.cannotCheck
  }
  console.log(`✓ Wrote ${displayPath(base, configFile)} and ${displayPath(base, publicDir)}/ (logo.svg, favicon.svg).`)

  const status = reportConfigCheck(text, displayPath(base, configFile), publicDir)
  if (status !== checkExit.clean) return status
  const site = `SITE_DIR=${/^[\w./-]+$/.test(shown) ? shown : `'${shown.replaceAll("'", "'\\''")}'`}`
  console.log(
    `Next: \`${site} npm run dev\` shows it at http://localhost:3000 as you edit it; \`${site} npm run validate\`, \`${site} npm run build\` and \`${site} npm start\` check, build and serve it.`,
  )
  return checkExit.clean
}

process.exitCode = main(process.argv.slice(2))
