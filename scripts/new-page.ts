/**
 * `npm run new-page -- --path /services/consulting --title "Consulting" [--menu services]
 * [--partners "First Partner, Second Partner"] [--cards 3] [--reasons 0] [--no-call-to-action]`
 * adds a service page to site.config.json (next to its siblings): a banner, that many cards to
 * write (3 unless told; 0, none), a strip of the named partners' logos (none without --partners),
 * that many reasons to choose the company (none unless told) and a closing call to action, and
 * optionally a link in a navigation menu; then it checks the config. The headings say what the
 * page's title and the company's name say, its buttons lead to a page of the config (see
 * contactLink); every other text is left empty for its author, who the check then tells which
 * texts to write. Nothing made up, nothing to delete. Only the inserted parts of the file change.
 * It edits the config of the site SITE_DIR names (the project by default, scripts/lib/site-folder.ts);
 * `--config path` edits another config file. Exit 0 when added and the config has no problem but
 * the new page's texts to write, 1 otherwise.
 */
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { humanReport, runConfigCheck } from '../authoring/check/config-check-report.ts'
import { displayPath, startingFolder } from '../authoring/config/config-file.ts'
import { editFileLocked } from '../authoring/config/config-edit.ts'
import { chosenSite } from './lib/site-folder.ts'
import { addServicePage, ScaffoldRefusal } from '../authoring/scaffold/add-page.ts'
import type { PageSections } from '../authoring/scaffold/page-sections.ts'

const usage =
  'Usage: npm run new-page -- --path /services/consulting --title "Consulting" [--menu services] [--partners "First Partner, Second Partner"] [--cards 3] [--reasons 0] [--no-call-to-action]'

/** A count as typed: a number when it is one, else the text as it is, for the scaffold to refuse in its words. */
const countOf = (text: string | undefined) => (text === undefined ? undefined : /^\d+$/.test(text) ? Number(text) : text)

/** The sections asked for; those not named are left to the scaffold's defaults. */
function sectionsOf(values: { cards?: string; reasons?: string; 'call-to-action'?: boolean }): Partial<PageSections> {
  const asked = { cards: countOf(values.cards), reasons: countOf(values.reasons), callToAction: values['call-to-action'] }
  return Object.fromEntries(Object.entries(asked).filter(([, value]) => value !== undefined)) as Partial<PageSections>
}

function main(): number {
  let values: { path?: string; title?: string; menu?: string; partners?: string; config?: string; cards?: string; reasons?: string; 'call-to-action'?: boolean }
  try {
    values = parseArgs({
      allowNegative: true,
      options: {
        path: { type: 'string' },
        title: { type: 'string' },
        menu: { type: 'string' },
        partners: { type: 'string' },
        config: { type: 'string' },
        cards: { type: 'string' },
        reasons: { type: 'string' },
        'call-to-action': { type: 'boolean' },
      },
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
  const configName = displayPath(base, configFile)
  let notes: string[] = []
  let hints: string[] = []
  try {
    editFileLocked(configFile, (text) => {
      const added = addServicePage(text, { path: values.path!, title: values.title!, menu: values.menu, partners: values.partners, sections: sectionsOf(values) }, site.publicDir)
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

  const pagePath = values.path.replace(/(.)\/+$/, '$1')
  const outcome = runConfigCheck(fs.readFileSync(configFile, 'utf8'), configName, site.publicDir)
  // The new page's empty texts are what its author writes next: the rest of the config must be sound.
  const toWrite = outcome.ran ? outcome.problems.filter((problem) => problem.routePath === pagePath && problem.code === 'empty-text') : []
  if (!outcome.ran || outcome.problemCount > toWrite.length) {
    const report = humanReport(outcome, configName)
    process.stdout.write(report.out)
    process.stderr.write(report.err)
    console.error('✗ The page was added, but the config has problems (listed above). Fix them, then run `npm run validate`.')
    return 1
  }
  if (toWrite.length > 0) {
    console.log(`  The page has ${toWrite.length} ${toWrite.length === 1 ? 'text' : 'texts'} to write, empty for now (\`npm run validate\` lists them until they are written):`)
    for (const problem of toWrite) console.log(`  ${problem.file}:${problem.line}:${problem.column}  ${problem.where}: ${problem.message}${problem.hint ? ` ${problem.hint}` : ''}`)
  } else process.stdout.write(humanReport(outcome, configName).out)
  console.log(`Next: write the texts of ${pagePath} in ${configName}, and see them live with \`${devCommand}\` at http://localhost:3000${pagePath}`)
  return 0
}

process.exitCode = main()
