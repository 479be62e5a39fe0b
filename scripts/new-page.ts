/**
 * `npm run new-page -- --path /security_solutions/zero_trust --title "Zero Trust" [--menu security]
 * [--partners "Palo Alto Networks, Fortinet"]` adds a complete service page to site.config.json
 * (next to its siblings), optionally a link in a navigation menu and a strip of the named partners'
 * logos (none without --partners), and then checks the config. Only the inserted parts of the file change.
 * `--config path` edits another config file. Exit 0 when added and valid, 1 otherwise.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { displayPath, nearestPublicDir, startingFolder } from '../authoring/config/config-file.ts'
import { editFileLocked } from '../authoring/config/config-edit.ts'
import { defaultConfigPath, root } from './lib/paths.ts'
import { addServicePage, ScaffoldRefusal } from '../authoring/scaffold/add-page.ts'

const usage = 'Usage: npm run new-page -- --path /security_solutions/zero_trust --title "Zero Trust" [--menu security] [--partners "Palo Alto Networks, Fortinet"]'

function main(): number {
  let values: { path?: string; title?: string; menu?: string; partners?: string; config?: string }
  try {
    values = parseArgs({
      options: { path: { type: 'string' }, title: { type: 'string' }, menu: { type: 'string' }, partners: { type: 'string' }, config: { type: 'string' } },
    }).values
  } catch (error) {
    console.error(`✗ ${(error as Error).message}\n  ${usage}`)
    return 1
  }
  if (!values.path || !values.title) {
    console.error(`✗ Both --path and --title are needed.\n  ${usage}`)
    return 1
  }
  const base = startingFolder()
  const configFile = values.config ? path.resolve(base, values.config) : defaultConfigPath
  const configName = displayPath(base, configFile)
  let notes: string[] = []
  let hints: string[] = []
  try {
    editFileLocked(configFile, (text) => {
      const added = addServicePage(text, { path: values.path!, title: values.title!, menu: values.menu, partners: values.partners }, nearestPublicDir(configFile))
      notes = added.notes
      hints = added.hints
      return added.text
    })
  } catch (error) {
    // A refusal changes nothing: the edit throws before the file is written.
    if (!(error instanceof ScaffoldRefusal)) throw error
    console.error(`✗ ${error.message}\n  ${configName} was not changed.`)
    return 1
  }
  for (const note of notes) console.log(`✓ ${note.replace(/\.$/, '')} in ${configName}.`)
  for (const hint of hints) console.log(`  ${hint}`)

  const check = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'validate.ts'), configFile], { stdio: 'inherit', cwd: base })
  if (check.status !== 0) {
    console.error('✗ The page was added, but the config has problems (listed above). Fix them, then run `npm run validate`.')
    return 1
  }
  const pagePath = values.path.replace(/(.)\/+$/, '$1')
  // The dev server shows site.config.json unless told otherwise.
  const devCommand = configFile === defaultConfigPath ? 'npm run dev' : `npm run dev -- --config ${configName}`
  console.log(`Next: change the texts of ${pagePath} in ${configName}, and see them live with \`${devCommand}\` at http://localhost:3000${pagePath}`)
  return 0
}

process.exitCode = main()
