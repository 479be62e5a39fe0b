/**
 * The content build on its own: `npm run build:content -- [config.json] [--out folder] [--pictures folder]… [--picture-cache folder] [--checked]`
 * (compiled into build/server/content-build.js, so it runs on a production install). Checks the
 * config as `npm run validate` does and stops on any problem, then turns it into a site with the
 * last code build (build/render/, dist/). By default it rebuilds dist/ from site.config.json; with
 * --out, a new folder holding a whole site (the code build's files linked in), as the production
 * server builds a version it publishes (there in a process it keeps, content-build-service.ts).
 * --picture-cache keeps the pictures' resized copies elsewhere than node_modules/.cache/pictures/.
 * --checked skips the check for a caller that just ran it. The config is the argument, else
 * SITE_CONFIG's file, else the project's site.config.json; it says first which file it read.
 * SITE_DIR, which every development command reads, is refused rather than ignored: this command
 * builds against one code build, not a site folder, and checking the project's config in its
 * place would report another site's problems. A config of an older format is built as today's
 * (read so in memory, with a warning naming `npm run migrate`).
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { checkExit, reportConfigCheck } from '../authoring/check/config-check-report.ts'
import { withSchemaDefaults } from '../authoring/config/config-defaults.ts'
import { configInUseLine } from '../authoring/config/config-file.ts'
import { migratedInMemory } from '../authoring/migrate/migrate-config.ts'
import { root } from '../authoring/project-paths.ts'
import { isOutOfSpace } from '../ground/durable-files.ts'
import { buildContent, builtPagesPhrase, resizedPhrase } from './build-content.ts'
import { contentBuildExit } from './content-build-exit.ts'
import { configFileDay } from './page-dates.ts'

const usage = 'Usage: [SITE_CONFIG=config.json] npm run build:content -- [config.json] [--out folder] [--pictures folder]… [--picture-cache folder] [--checked]'

function stop(message: string, code: number): never {
  console.error(message)
  process.exit(code)
}

let parsed
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      pictures: { type: 'string', multiple: true },
      'picture-cache': { type: 'string' },
      checked: { type: 'boolean' },
      help: { type: 'boolean' },
      code: { type: 'string' },
      render: { type: 'string' },
    },
  })
} catch (error) {
  stop(`${(error as Error).message}\n${usage}`, checkExit.cannotCheck)
}
const { values, positionals } = parsed
if (values.help) {
  console.log(usage)
  process.exit(0)
}
if (positionals.length > 1) stop(`Unknown argument ${positionals[1]}.\n${usage}`, checkExit.cannotCheck)

if (process.env.SITE_DIR)
  stop(
    `build:content does not read SITE_DIR (${process.env.SITE_DIR}), so nothing was built: it builds the config it is given, by default ${path.join(root, 'site.config.json')}. Name the site's config instead: npm run build:content -- ${path.join(process.env.SITE_DIR, 'site.config.json')} --pictures ${path.join(process.env.SITE_DIR, 'public')} (or SITE_CONFIG=that file), and leave SITE_DIR unset.`,
    checkExit.cannotCheck,
  )

const started = performance.now()
const configFile = path.resolve(positionals[0] ?? (process.env.SITE_CONFIG || path.join(root, 'site.config.json')))
const codeDir = path.resolve(values.code ?? path.join(root, 'dist'))
const renderDir = path.resolve(values.render ?? path.join(root, 'build', 'render'))
const outDir = path.resolve(values.out ?? codeDir)
const pictureDirs = (values.pictures ?? []).map((dir) => path.resolve(dir))
const label = path.relative(process.cwd(), configFile) || configFile

if (!fs.existsSync(configFile)) stop(`${label}: no such file.\n${usage}`, checkExit.cannotCheck)
console.log(configInUseLine(configFile))
const { text, warning } = migratedInMemory(fs.readFileSync(configFile, 'utf8'), label)
if (warning) console.warn(warning)
if (!values.checked) {
  // The pictures the config may name: the code build's copy of public/, and the folders given.
  const status = reportConfigCheck(text, label, pictureDirs[0] ?? codeDir)
  if (status !== checkExit.clean) stop(`Nothing was built: ${label} must pass the check above first.`, status)
}
const pictureCacheDir = values['picture-cache'] ? { pictureCacheDir: path.resolve(values['picture-cache']) } : {}
// A page this file changes (against the site in codeDir) is dated as the file: its last commit's day, else its modification day, as `npm run build` dates it.
const changedOn = configFileDay(configFile)
const built = await buildContent({ config: withSchemaDefaults(JSON.parse(text)), configText: text, renderDir, codeDir, outDir, pictureDirs, changedOn, ...pictureCacheDir }).catch(
  (error: unknown) => {
    if (isOutOfSpace(error)) stop(`Nothing was built: the disk is full (${(error as Error).message}).`, contentBuildExit.outOfSpace)
    throw error
  },
)
const seconds = ((performance.now() - started) / 1000).toFixed(2)
console.log(`Built ${builtPagesPhrase(built)} of ${label} into ${path.relative(process.cwd(), outDir) || '.'} in ${seconds} s.${resizedPhrase(built.pictures)}`)
