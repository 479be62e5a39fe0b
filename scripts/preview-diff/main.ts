/**
 * `npm run preview:diff -- --base <git ref> [--out DIR]`: what a change does to the site's pages,
 * for a reviewer. Builds the site at <ref> and at the working tree (uncommitted and untracked files
 * included), each in a temporary folder (the project's dist/ is left alone); finds the pages whose
 * HTML differs, or that one side lacks; screenshots each of those before and after at a phone's and
 * a desktop's width and marks the changed pixels; and writes DIR/index.html (DIR defaults to
 * preview-report/), one self-contained page with the screenshots and, per page, the config changes
 * behind it (its blocks, its fields, the site-wide parts). Prints the report's path and a summary,
 * and appends a Markdown summary to $GITHUB_STEP_SUMMARY when GitHub Actions sets it.
 *
 * Exits 0 whether pages changed or not (a report, not a gate); 1 with a one-line reason when it
 * cannot run: an unknown ref, a config or a build that fails at either side.
 *
 * `SITE_DIR=path/to/site` compares that site folder (it must be inside the project) at both sides.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { parse as parseJsonc } from 'jsonc-parser'
import { displayPath, startingFolder } from '../../authoring/config/config-file.ts'
import { root } from '../lib/paths.ts'
import { chosenSite, configFileName } from '../lib/site-folder.ts'
import { buildTree } from './build-tree.ts'
import { diffConfigs } from './config-diff.ts'
import { comparePages } from './html-compare.ts'
import { provideNodeModules, removeNodeModules } from './node-modules.ts'
import { shootPages } from './page-shots.ts'
import { checkBrowser } from './screenshots.ts'
import { PreviewError } from './preview-error.ts'
import type { PreviewResult } from './preview-result.ts'
import { reportHtml } from './report-html.ts'
import { copyWorkingTree } from '../lib/working-tree.ts'
import { exportCommit, resolveCommit } from './source-trees.ts'
import { serveDist, type StaticSite } from './static-server.ts'
import { markdownSummary, textSummary } from './summaries.ts'

const usage = 'usage: npm run preview:diff -- --base <git ref> [--out DIR]'
const started = performance.now()
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`
const progress = (line: string) => console.error(`[${seconds()}] ${line}`)

function readOptions(): { base: string; out: string } {
  let values: { base?: string; out?: string }
  try {
    values = parseArgs({ options: { base: { type: 'string' }, out: { type: 'string' } }, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new PreviewError(`${(error as Error).message.split('\n')[0]} (${usage})`)
  }
  if (!values.base) throw new PreviewError(`--base is missing (${usage})`)
  return { base: values.base, out: path.resolve(startingFolder(), values.out ?? 'preview-report') }
}

/** The site folder (SITE_DIR) as a path inside the project, the same in both trees; '' for the project itself. */
function siteFolderInProject(): string {
  const { dir } = chosenSite()
  const relative = path.relative(root, dir)
  if (relative.startsWith('..') || path.isAbsolute(relative))
    throw new PreviewError(`SITE_DIR is ${dir}, outside the project: preview:diff compares two versions of the project, so the site folder must be inside it`)
  return relative
}

const readConfig = (siteDir: string): unknown => {
  const file = path.join(siteDir, configFileName)
  return fs.existsSync(file) ? parseJsonc(fs.readFileSync(file, 'utf8')) : undefined
}

/**
 * Both builds, at once unless they share a node_modules: on more than two cores nearly twice as
 * fast, and no slower on two. The first to fail stops the other, whose result no longer matters.
 */
async function buildBoth(baseTree: string, workingTree: string, siteFolder: string, together: boolean, signal: AbortSignal): Promise<[string, string]> {
  const stopBuilds = new AbortController()
  signal.addEventListener('abort', () => stopBuilds.abort(), { once: true })
  let firstFailure: unknown
  const build = (tree: string, label: string) =>
    buildTree(tree, siteFolder, label, stopBuilds.signal).catch((error: unknown) => {
      firstFailure ??= error
      stopBuilds.abort()
      return ''
    })
  const dists: [string, string] = together
    ? await Promise.all([build(baseTree, 'base'), build(workingTree, 'working tree')])
    : [await build(baseTree, 'base'), firstFailure ? '' : await build(workingTree, 'working tree')]
  if (firstFailure) throw firstFailure
  return dists
}

async function preview(workspace: string, signal: AbortSignal): Promise<void> {
  const { base, out } = readOptions()
  const siteFolder = siteFolderInProject()
  const baseCommit = resolveCommit(root, base)
  checkBrowser()
  const baseTree = path.join(workspace, 'base')
  const workingTree = path.join(workspace, 'working-tree')
  await exportCommit(root, baseCommit, baseTree)
  const copied = copyWorkingTree(root, workingTree)
  progress(`Base ${base} (${baseCommit.slice(0, 12)}) and the working tree (${copied} files) copied to ${workspace}.`)
  const dependencies = [provideNodeModules(root, baseTree, 'base', progress), provideNodeModules(root, workingTree, 'working tree', progress)]

  progress('Building both…')
  const [beforeDist, afterDist] = await buildBoth(baseTree, workingTree, siteFolder, !dependencies.includes('shared'), signal)
  const dependenciesRemoved = Promise.all([baseTree, workingTree].map(removeNodeModules))
  const { changes, compared } = comparePages(beforeDist, afterDist)
  const config = diffConfigs(readConfig(path.join(baseTree, siteFolder)), readConfig(path.join(workingTree, siteFolder)))
  progress(`Built: ${changes.length} of ${compared} pages differ.`)

  const sites: StaticSite[] = []
  let pages: PreviewResult['pages'] = []
  try {
    if (changes.length > 0) {
      sites.push(await serveDist(beforeDist), await serveDist(afterDist))
      const configOf = (route: string) => config.routes.find((change) => change.path === route)
      pages = await shootPages(changes, { before: sites[0]!.url, after: sites[1]!.url }, configOf, progress)
    }
  } finally {
    await Promise.all(sites.map((site) => site.close()))
    await dependenciesRemoved
  }

  const result: PreviewResult = {
    baseRef: base,
    baseCommit,
    compared,
    pages,
    siteWide: config.siteWide,
    configOnly: config.routes.filter((change) => !changes.some((page) => page.route === change.path)),
  }
  fs.mkdirSync(out, { recursive: true })
  const reportFile = path.join(out, 'index.html')
  fs.writeFileSync(reportFile, reportHtml(result))
  const shown = displayPath(startingFolder(), reportFile)
  console.log(textSummary(result).join('\n'))
  console.log(`Report: ${shown} (${(fs.statSync(reportFile).size / 1024 / 1024).toFixed(1)} MB), made in ${seconds()}.`)
  if (process.env.GITHUB_STEP_SUMMARY) fs.appendFileSync(process.env.GITHUB_STEP_SUMMARY, markdownSummary(result, shown))
}

const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-diff-'))
const removeWorkspace = () => fs.rmSync(workspace, { recursive: true, force: true, maxRetries: 3 })
const stop = new AbortController()
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    stop.abort()
    removeWorkspace()
    process.exit(130)
  })

try {
  await preview(workspace, stop.signal)
} catch (error) {
  if (error instanceof PreviewError && error.details) console.error(error.details.trimEnd())
  console.error(`preview:diff: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
} finally {
  removeWorkspace()
}
