// @vitest-environment node
import { execFile, execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { root } from '../../scripts/lib/paths.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { needsSystemPackages } from '../helpers/system-packages.ts'

/*
 * `npm run preview:diff` for real, on a throwaway git repository holding the project: one word
 * changed in one block of one page, and the report must name that page and that block, and
 * nothing else. Two site builds and a few screenshots: about a minute.
 */

const ROUTE = '/about'
const OLD_WORD = 'simple conviction'
const NEW_WORD = 'plain conviction'

const scratch = mkdtempSync(join(tmpdir(), 'preview-diff-test-'))
const repo = join(scratch, 'repo')
// The command's own temporary folders (and Chromium's profile) go here, so the test sees them removed.
const commandTmp = join(scratch, 'tmp')
const out = join(scratch, 'report')
const stepSummary = join(scratch, 'step-summary.md')
let run: { code: number; stdout: string; stderr: string; seconds: number }
let blockIndex: number

function copyProject(): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean)
  for (const file of files) {
    const source = join(root, file)
    if (!existsSync(source) || lstatSync(source).isDirectory()) continue
    mkdirSync(dirname(join(repo, file)), { recursive: true })
    copyFileSync(source, join(repo, file))
  }
  symlinkSync(join(root, 'node_modules'), join(repo, 'node_modules'), 'dir')
}

/** Changes one word of a text of one block of the page, in the file as written (its formatting kept). */
function changeOneWord(): void {
  const file = join(repo, 'site.config.json')
  const text = readFileSync(file, 'utf8')
  const config = JSON.parse(text) as SiteConfig
  const blocks = config.routes.find((route) => route.path === ROUTE)!.blocks
  blockIndex = blocks.findIndex((block) => JSON.stringify(block).includes(OLD_WORD))
  expect(blockIndex, `a block of ${ROUTE} says "${OLD_WORD}"`).toBeGreaterThanOrEqual(0)
  expect(text.split(OLD_WORD)).toHaveLength(2)
  writeFileSync(file, text.replace(OLD_WORD, NEW_WORD))
}

// The command takes its screenshots in Debian's Chromium.
needsSystemPackages('chromium')
beforeAll(async () => {
  mkdirSync(repo)
  mkdirSync(commandTmp)
  copyProject()
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' })
  git('init', '-q')
  // .gitignore's `node_modules/` matches folders only, not this link.
  writeFileSync(join(repo, '.git', 'info', 'exclude'), 'node_modules\n')
  git('add', '-A')
  git('-c', 'user.name=Preview Test', '-c', 'user.email=preview@example.com', 'commit', '-q', '--no-gpg-sign', '-m', 'base')
  changeOneWord()

  const started = performance.now()
  run = await new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '-s', 'preview:diff', '--', '--base', 'HEAD', '--out', out],
      { cwd: repo, env: { ...process.env, TMPDIR: commandTmp, GITHUB_STEP_SUMMARY: stepSummary }, maxBuffer: 16 * 1024 * 1024, timeout: 280_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr, seconds: (performance.now() - started) / 1000 }),
    )
  })
  console.log(
    `npm run preview:diff took ${run.seconds.toFixed(1)} s:\n${run.stderr
      .split('\n')
      .filter((line) => line.startsWith('['))
      .join('\n')}`,
  )
}, 300_000)

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('npm run preview:diff on a one-word change of one block', () => {
  it('succeeds and reports exactly that page, changed, with the block', () => {
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/Compared \d+ pages with HEAD \([0-9a-f]{12}\): 1 changed, 0 added, 0 removed\./)
    const pages = run.stdout.split('\n').filter((line) => /^ {2}(changed|added|removed) /.test(line))
    expect(pages).toEqual([expect.stringMatching(new RegExp(`^ {2}changed +${ROUTE} {2}\\(phone [\\d,]+ px .*desktop [\\d,]+ px`))])
    expect(run.stdout).toContain(`blocks[${blockIndex}] (textSection) changed: paragraphs[0]`)
    expect(run.stdout).toContain(`Report: ${join(out, 'index.html')}`)
  })

  it('writes one report naming the page and the block, with before, after and the changed pixels at both widths, close up and whole', () => {
    const html = readFileSync(join(out, 'index.html'), 'utf8')
    expect([...html.matchAll(/<h2><code>([^<]+)<\/code>/g)].map((match) => match[1])).toEqual([ROUTE])
    expect(html).toContain(`blocks[${blockIndex}] (textSection) changed: paragraphs[0]`)
    for (const width of ['Phone (390 px)', 'Desktop (1280 px)']) expect(html).toMatch(new RegExp(`<h3>${width.replace(/[()]/g, '\\$&')}: [1-9][\\d,]* px \\(`))
    const figures = [...html.matchAll(/<figcaption>([^<]+)<\/figcaption><img src="data:image\/(?:webp|jpeg);base64,/g)].map((match) => match[1])
    // At each width: a close-up of the change, then the whole pages.
    const width = ['Before', 'After', 'Changed pixels', 'Before', 'After', 'Changed pixels (red, highlighted)']
    expect(figures).toEqual([...width, ...width])
    expect(html.match(/Close-up of the change, from [\d,]+ px down the page/g)).toHaveLength(2)
    expect(readdirSync(out)).toEqual(['index.html'])
  })

  it('appends a Markdown summary naming the page to the job summary', () => {
    expect(readFileSync(stepSummary, 'utf8')).toMatch(new RegExp(`\\| ${ROUTE} \\| changed \\| blocks\\\\\\[${blockIndex}\\\\\\] \\\\\\(textSection\\\\\\) changed`))
  })

  it('leaves no temporary folder behind (its builds, its Chromium profile)', () => {
    // Node's and tsx's compile caches stay there on purpose; they are not the command's.
    expect(readdirSync(commandTmp).filter((name) => !/^(node-compile-cache|tsx-\d+)$/.test(name))).toEqual([])
  })
})
