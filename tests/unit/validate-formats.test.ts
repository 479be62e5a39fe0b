/**
 * `npm run validate --format …` as CI runs it: the real script under plain Node (its own type
 * stripping, no tsx), on copies of the real site.config.json in a folder that stands for a
 * repository, so every path a report gives must be relative to that repository's root.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import rtm5Schema from '@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json' with { type: 'json' }
import { Ajv } from 'ajv'
import AjvDraft04 from 'ajv-draft-04'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHOWN_PROBLEMS } from '../../authoring/check/index.ts'
import { draftWithFaults } from '../../scripts/bench/lib/broken-drafts.ts'
import { withEdits } from '../helpers/config-edits.ts'

const root = path.resolve(import.meta.dirname, '../..')
const original = fs.readFileSync(path.join(root, 'site.config.json'), 'utf8')

const edited = (...edits: Array<[string, string]>) => withEdits(original, ...edits)

/** Where `text` first appears in `config`: 1-based line and column, and the column just after it. */
function spot(config: string, text: string) {
  const offset = config.indexOf(text)
  const before = config.slice(0, offset)
  const line = before.split('\n').length
  const column = offset - before.lastIndexOf('\n')
  return { line, column, endColumn: column + text.length }
}

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'))

/** A validator that really checks formats (uri, date-time), for a schema of JSON Schema draft-07. */
function validatorFor(schema: object) {
  const ajv = new Ajv({ allErrors: true })
  addFormats(ajv)
  return ajv.compile(schema)
}
const validOutput = validatorFor(readJson('docs/validate-output.schema.json'))

/**
 * The official SARIF 2.1.0 schema, written for draft-04, as Microsoft's SARIF tooling ships it
 * (jest-sarif). The OASIS errata also require every region to name its start line, which
 * `regionsNameTheirStartLine` checks beside it.
 */
const sarifSchema = (() => {
  // unicodeRegExp: the schema's language pattern has a stray `]`, which only a `u` regular expression refuses.
  const ajv = new AjvDraft04({ allErrors: true, unicodeRegExp: false })
  addFormats(ajv)
  return ajv.compile(rtm5Schema)
})()
function validSarif(log: unknown): boolean {
  const valid = sarifSchema(log) && regionsNameTheirStartLine(log)
  validSarif.errors = sarifSchema.errors ?? (valid ? undefined : 'a region without startLine')
  return valid
}
validSarif.errors = undefined as unknown

function regionsNameTheirStartLine(log: unknown): boolean {
  const runs = (log as { runs?: { results?: { locations?: { physicalLocation?: { region?: { startLine?: number } } }[] }[] }[] }).runs ?? []
  return runs.every((run) =>
    (run.results ?? []).every((result) =>
      (result.locations ?? []).every(({ physicalLocation }) => !physicalLocation?.region || Number.isInteger(physicalLocation.region.startLine)),
    ),
  )
}

let repo: string
let site: string
/** More problems than a report lists: each fault of the draft is one problem. */
const manyFaults = SHOWN_PROBLEMS + 50
const broken = edited(['"icon": "shield-check"', '"icon": "shield-chek"'], ['"date": "August 2024"', '"date": "Late summer 2024"'])
const icon = spot(broken, '"shield-chek"')
const date = spot(broken, '"Late summer 2024"')

beforeAll(() => {
  // A repository of its own (a .git folder), with the configs one folder down, in site/.
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'validate-formats-'))
  site = path.join(repo, 'site')
  fs.mkdirSync(path.join(repo, '.git'))
  fs.mkdirSync(site)
  fs.writeFileSync(path.join(site, 'clean.json'), original)
  fs.writeFileSync(path.join(site, 'broken.json'), broken)
  fs.writeFileSync(path.join(site, 'syntax.json'), edited(['"author": "Arindam Ghosh",', '"author": "Arindam Ghosh"']))
  fs.writeFileSync(path.join(site, 'noticed.json'), edited(['"heading": "Our Work Process"', '"heading": "“Our Work Process”"']))
  fs.writeFileSync(path.join(site, 'many.json'), JSON.stringify(draftWithFaults(JSON.parse(original), manyFaults), null, 2))
})

afterAll(() => fs.rmSync(repo, { recursive: true, force: true }))

/** Runs the script from site/ with `node` itself (Node 24: vitest runs on it), in an environment without GitHub's variables unless given. */
function validate(args: string[], env: Record<string, string> = {}) {
  const inherited = Object.entries(process.env).filter(([name]) => !/^(GITHUB_|npm_)|^(SITE_CONFIG|SITE_DIR|DEBUG|INIT_CWD)$/.test(name))
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/validate.ts'), '--public', path.join(root, 'public'), ...args], {
    cwd: site,
    encoding: 'utf8',
    env: { ...Object.fromEntries(inherited), NO_COLOR: '1', ...env },
  })
  return { stdout: result.stdout, stderr: result.stderr, status: result.status }
}

const onGitHub = () => ({ GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: repo, GITHUB_STEP_SUMMARY: path.join(repo, 'summary.md') })
const withRepository = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/site', GITHUB_SHA: '0123abc' }

describe('on GitHub Actions (GITHUB_ACTIONS=true), by default', () => {
  it('prints an annotation per problem at its repository path, line and columns, and a job summary; exits 1', () => {
    const result = validate(['broken.json'], onGitHub())
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines).toEqual([
      `::error file=site/broken.json,line=${icon.line},col=${icon.column},endLine=${icon.line},endColumn=${icon.endColumn},title=[unknown-icon]::Unknown icon "shield-chek". Did you mean "shield-check"?%0A→ Every icon is drawn with its name in docs/icons.md: pick one there.%0AWhere: /technologies › blocks[1] (techGroups) › approach › points[1]%0ADocs: docs/errors.md#unknown-icon`,
      expect.stringMatching(
        new RegExp(`^::error file=site/broken\\.json,line=${date.line},col=${date.column},endLine=${date.line},endColumn=${date.endColumn},title=\\[bad-date\\]::`),
      ),
      '2 problems in broken.json',
    ])
    expect(result.status).toBe(1)
    const summary = fs.readFileSync(path.join(repo, 'summary.md'), 'utf8')
    expect(summary).toContain(`| site/broken.json:${icon.line}:${icon.column} | \`unknown-icon\` | error | Unknown icon "shield-chek". Did you mean "shield-check"?`)
    expect(summary).toContain(`| site/broken.json:${date.line}:${date.column} | \`bad-date\` | error |`)
  })

  it('prints the usual success line for a clean config and exits 0', () => {
    const result = validate(['clean.json'], onGitHub())
    expect(result.stdout).toMatch(/^✓ clean\.json: \d+ routes, 0 problems \(\d+ ms\)\n$/)
    expect(result.status).toBe(0)
  })

  it('gives a notice as ::notice, which does not fail the check', () => {
    const result = validate(['noticed.json'], onGitHub())
    expect(result.stdout).toMatch(/^::notice file=site\/noticed\.json,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=\[curly-quoted-text\]::This text is wrapped in curly quotes/)
    expect(result.stdout).toMatch(/\n✓ noticed\.json: \d+ routes, 0 problems/)
    expect(result.status).toBe(0)
  })

  it('a person still gets the text layout with --format human', () => {
    expect(validate(['broken.json', '--format', 'human'], onGitHub()).stdout).toBe(validate(['broken.json']).stdout)
  })
})

describe('without GITHUB_ACTIONS', () => {
  it('prints the text a person reads, as before', () => {
    const result = validate(['broken.json'])
    expect(result.stdout).toBe(
      [
        `broken.json:${icon.line}:${icon.column}  /technologies › blocks[1] (techGroups) › approach › points[1]`,
        '  Unknown icon "shield-chek". Did you mean "shield-check"? [unknown-icon]',
        '  → Every icon is drawn with its name in docs/icons.md: pick one there.',
        '',
        `broken.json:${date.line}:${date.column}  /resources/blog › blocks[1] (blogArticles) › articles[0]`,
        '  "date" is "Late summer 2024", which is not a date the site can read. [bad-date]',
        '  → Write a month and year, e.g. "August 2024", or a day, month and year, e.g. "12 August 2024", with the month in English and in full: search engines get it as 2024-08 or 2024-08-12.',
        '',
        '2 problems in broken.json',
        '',
      ].join('\n'),
    )
    expect(result.status).toBe(1)
  })
})

describe('--format json', () => {
  it('is one document the published schema accepts, paths relative to the folder holding .git; exits 1', () => {
    const result = validate(['broken.json', '--format=json'], withRepository)
    const report = JSON.parse(result.stdout)
    expect(validOutput(report), JSON.stringify(validOutput.errors)).toBe(true)
    expect(report).toMatchObject({ version: 1, file: 'site/broken.json', ok: false })
    expect(report.problems[0]).toEqual({
      file: 'site/broken.json',
      line: icon.line,
      column: icon.column,
      endLine: icon.line,
      endColumn: icon.endColumn,
      code: 'unknown-icon',
      severity: 'error',
      message: 'Unknown icon "shield-chek". Did you mean "shield-check"?',
      hint: 'Every icon is drawn with its name in docs/icons.md: pick one there.',
      where: '/technologies › blocks[1] (techGroups) › approach › points[1]',
      pointer: expect.stringMatching(/^\/routes\/\d+\/blocks\/1\/approach\/points\/1\/icon$/),
      // The checker's docs/errors.md, relative to its own repository, not the config's.
      docs: 'docs/errors.md#unknown-icon',
      url: 'https://github.com/acme/site/blob/0123abc/docs/errors.md#unknown-icon',
    })
    expect(report.problems.map((problem: { code: string }) => problem.code)).toEqual(['unknown-icon', 'bad-date'])
    expect(result.status).toBe(1)
  })

  it('reports a syntax error the same way, without a link when the run knows no repository', () => {
    const result = validate(['syntax.json', '--format', 'json'])
    const report = JSON.parse(result.stdout)
    expect(validOutput(report), JSON.stringify(validOutput.errors)).toBe(true)
    expect(report.problems.map((problem: { code: string; url?: string }) => [problem.code, problem.url])).toEqual([['missing-comma', undefined]])
    expect(result.status).toBe(1)
  })

  it('says ok with no problems for a clean config, and folds notices in without failing', () => {
    const clean = validate(['clean.json', '--format', 'json'])
    expect(JSON.parse(clean.stdout)).toEqual({ version: 1, file: 'site/clean.json', ok: true, problems: [], problemCount: 0, noticeCount: 0 })
    expect(clean.status).toBe(0)
    const noticed = validate(['noticed.json', '--format', 'json'])
    const report = JSON.parse(noticed.stdout)
    expect(validOutput(report)).toBe(true)
    expect(report.ok).toBe(true)
    expect(report.problems.map((problem: { code: string; severity: string }) => [problem.code, problem.severity])).toEqual([['curly-quoted-text', 'notice']])
    expect(noticed.status).toBe(0)
  })

  it('keeps stdout one document when --fix-quotes has something to say', () => {
    fs.writeFileSync(path.join(site, 'quotes.json'), edited(['"heading": "Our Work Process"', '“heading”: "Our Work Process"']))
    const result = validate(['quotes.json', '--fix-quotes', '--format', 'json'])
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, problems: [] })
    expect(result.stderr).toMatch(/^✓ Straightened 2 curly quotes in quotes\.json/)
  })
})

describe('--format sarif', () => {
  it('is a SARIF 2.1.0 log the official schema accepts, written to --output; exits 1', () => {
    const result = validate(['broken.json', '--format', 'sarif', '--output', 'report.sarif'], withRepository)
    expect(result.stdout).toBe('')
    expect(result.status).toBe(1)
    const log = JSON.parse(fs.readFileSync(path.join(site, 'report.sarif'), 'utf8'))
    expect(validSarif(log), JSON.stringify(validSarif.errors)).toBe(true)
    const run = log.runs[0]
    expect(run.results.map((result: { ruleId: string; ruleIndex: number }) => run.tool.driver.rules[result.ruleIndex].id)).toEqual(['unknown-icon', 'bad-date'])
    expect(run.results[0]).toMatchObject({
      ruleId: 'unknown-icon',
      level: 'error',
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'site/broken.json', uriBaseId: '%SRCROOT%' },
            region: { startLine: icon.line, startColumn: icon.column, endLine: icon.line, endColumn: icon.endColumn },
          },
          logicalLocations: [{ name: '/technologies › blocks[1] (techGroups) › approach › points[1]' }],
        },
      ],
    })
    expect(run.tool.driver.rules[0].helpUri).toBe('https://github.com/acme/site/blob/0123abc/docs/errors.md#unknown-icon')
    // The schema is really applied, formats included: a relative helpUri is refused.
    run.tool.driver.rules[0].helpUri = 'docs/errors.md#unknown-icon'
    expect(validSarif(log)).toBe(false)
  })

  it('has no helpUri without a known repository, and no results for a clean config', () => {
    const clean = validate(['clean.json', '--format', 'sarif'])
    const log = JSON.parse(clean.stdout)
    expect(validSarif(log), JSON.stringify(validSarif.errors)).toBe(true)
    expect(log.runs[0].results).toEqual([])
    expect(log.runs[0].invocations).toEqual([{ executionSuccessful: true }])
    expect(clean.status).toBe(0)
    const broken = JSON.parse(validate(['broken.json', '--format', 'sarif']).stdout)
    expect(broken.runs[0].tool.driver.rules.every((rule: { helpUri?: string }) => rule.helpUri === undefined)).toBe(true)
  })
})

describe('a config with more problems than a report lists', () => {
  it('lists the first ones in every format and says how many there are in all', () => {
    const human = validate(['many.json'])
    expect(human.stdout.match(/^many\.json:\d+:\d+ {2}/gm)).toHaveLength(SHOWN_PROBLEMS)
    expect(human.stdout).toMatch(/\n… and 50 more problems, not listed: fix these first, then check again\.\n\n150 problems in many\.json\n$/)
    const json = JSON.parse(validate(['many.json', '--format', 'json']).stdout)
    expect(validOutput(json), JSON.stringify(validOutput.errors)).toBe(true)
    expect([json.problems.length, json.problemCount, json.noticeCount]).toEqual([SHOWN_PROBLEMS, manyFaults, 0])
    const github = validate(['many.json'], onGitHub()).stdout.trimEnd().split('\n')
    expect(github.filter((line) => line.startsWith('::error '))).toHaveLength(SHOWN_PROBLEMS)
    expect(github).toContain(`150 problems in many.json; the first ${SHOWN_PROBLEMS} are listed`)
    expect(fs.readFileSync(path.join(repo, 'summary.md'), 'utf8')).toContain(`150 problems in many.json; the first ${SHOWN_PROBLEMS} are listed`)
    const sarif = JSON.parse(validate(['many.json', '--format', 'sarif']).stdout)
    expect(validSarif(sarif), JSON.stringify(validSarif.errors)).toBe(true)
    expect(sarif.runs[0].results).toHaveLength(SHOWN_PROBLEMS)
    expect(sarif.runs[0].invocations[0].toolExecutionNotifications[0]).toMatchObject({ level: 'note', message: { text: expect.stringContaining('150 problems') } })
    expect(human.status).toBe(1)
  })
})

describe('when the check cannot run', () => {
  it('says why in every machine format and exits 2', () => {
    const reason = 'Cannot read missing.json: there is no such file.'
    const github = validate(['missing.json'], onGitHub())
    expect(github.stdout).toBe(`::error file=site/missing.json::${reason}\n`)
    const json = validate(['missing.json', '--format', 'json'])
    const report = JSON.parse(json.stdout)
    expect(validOutput(report), JSON.stringify(validOutput.errors)).toBe(true)
    expect(report).toEqual({ version: 1, file: 'site/missing.json', ok: false, error: reason })
    const sarif = validate(['missing.json', '--format', 'sarif'])
    const log = JSON.parse(sarif.stdout)
    expect(validSarif(log), JSON.stringify(validSarif.errors)).toBe(true)
    expect(log.runs[0].results).toBeUndefined()
    expect(log.runs[0].invocations[0]).toMatchObject({ executionSuccessful: false, toolExecutionNotifications: [{ level: 'error', message: { text: reason } }] })
    expect([github.status, json.status, sarif.status]).toEqual([2, 2, 2])
  })

  it('refuses an unknown format with the usage and exits 2', () => {
    const result = validate(['clean.json', '--format=xml'])
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^Unknown format "xml": use one of human, github, json, sarif\.\nUsage: npm run validate/)
    expect(result.status).toBe(2)
  })
})
