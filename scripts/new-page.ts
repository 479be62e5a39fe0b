/**
 * `npm run new-page -- --path /services/consulting --title "Consulting" [--menu services]
 * [--partners "First Partner, Second Partner"]` adds a complete service page to site.config.json
 * (next to its siblings), optionally a link in a navigation menu and a strip of the named partners'
 * logos (none without --partners), and then checks the config. The page's texts are placeholders
 * saying what to write, and its buttons lead to a page of the config (see contactLink). Only the
 * inserted parts of the file change.
 * It edits the config of the site SITE_DIR names (the project by default, scripts/lib/site-folder.ts);
 * `--config path` edits another config file. Exit 0 when added and valid, 1 otherwise.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { displayPath, startingFolder } from '../authoring/config/config-file.ts'
import { editFileLocked } from '../authoring/config/config-edit.ts'
import { root } from './lib/paths.ts'
import { chosenSite, pinSite } from './lib/site-folder.ts'
import { addServicePage, ScaffoldRefusal } from '../authoring/scaffold/add-page.ts'

const usage = 'Usage: npm run new-page -- --path /services/consulting --title "Consulting" [--menu services] [--partners "First Partner, Second Partner"]'

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
  const site = chosenSite(values.config)
  const configFile = site.configFile
  // The dev server shows the project's site unless told otherwise.
  const devCommand = values.config
    ? `npm run dev -- --config ${displayPath(base, configFile)}`
    : process.env.SITE_DIR
      ? `SITE_DIR=${displayPath(base, site.dir)} npm run dev`
      : 'npm run dev'
  // The check below runs in a process of its own: on this same site.
  pinSite(site)
  const configName = displayPath(base, configFile)
  let notes: string[] = []
  let hints: string[] = []
  try {
    editFileLocked(configFile, (text) => {
      const added = addServicePage(text, { path: values.path!, title: values.title!, menu: values.menu, partners: values.partners }, site.publicDir)
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
  console.log(`Next: change the texts of ${pagePath} in ${configName}, and see them live with \`${devCommand}\` at http://localhost:3000${pagePath}`)
  return 0
}

process.exitCode = main()
