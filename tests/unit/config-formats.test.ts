/**
 * Old configs keep building: each config of an earlier format under tests/fixtures/formats/
 * migrates to one that passes the checker and equals its twin migrated by hand (the shipped
 * site's config as the maintainers rewrote it when the schemas changed), changing only the lines
 * that had to change; the checker names `npm run migrate` once instead of every change; the
 * commands that take a config say which file they read, and build:content refuses SITE_DIR.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { diffLines } from 'diff'
import { describe, expect, it } from 'vitest'
import { checkConfigText } from '../../authoring/check/index.ts'
import { migratedText, plannedMigration } from '../../authoring/migrate/migrate-config.ts'

const root = path.resolve(import.meta.dirname, '../..')
const formats = path.join(root, 'tests/fixtures/formats')
const publicDir = path.join(root, 'public')
const read = (name: string) => fs.readFileSync(path.join(formats, name), 'utf8')
const twin = read('eastbridge-migrated-by-hand.json')

function migrate(text: string): string {
  const migration = plannedMigration(JSON.parse(text))
  if (!migration) throw new Error('no migration')
  return migratedText(text, migration)
}

/** A command typed in the project, without a site chosen by whoever runs the tests. */
function run(script: string, args: string[], env: Record<string, string> = {}) {
  const inherited = Object.entries(process.env).filter(([name]) => !/^(npm_|SITE_)|^INIT_CWD$/.test(name))
  return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, encoding: 'utf8', env: { ...Object.fromEntries(inherited), NO_COLOR: '1', ...env } })
}

function copyToTemp(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-formats-'))
  const file = path.join(dir, 'site.config.json')
  fs.writeFileSync(file, read(name).replace('"../../../schemas/site.schema.json"', JSON.stringify(path.join(root, 'schemas/site.schema.json'))))
  return file
}

describe.each(['eastbridge-format-1.json', 'eastbridge-format-2.json'])('%s', (name) => {
  const original = read(name)
  const migrated = migrate(original)

  it('is told to run npm run migrate, once, instead of every change', () => {
    const { problems, problemCount } = checkConfigText(original, name, { publicDir })
    expect(problemCount).toBe(1)
    expect(problems[0]).toMatchObject({ code: 'older-format', file: name })
    expect(problems[0]!.hint).toContain(`npm run migrate -- ${name}`)
  })

  it('migrates to a config that passes the checker and equals its twin migrated by hand', () => {
    expect(checkConfigText(migrated, name, { publicDir }).problems).toEqual([])
    expect(JSON.parse(migrated)).toEqual(JSON.parse(twin))
  })

  it('changes only the lines of what changed: the footer, the forms’ endpoint and mail, the slides’ backgrounds, format', () => {
    const removed = diffLines(original, migrated)
      .filter((part) => part.removed)
      .flatMap((part) => part.value.split('\n').filter(Boolean))
    // The footer's 8 links (4 lines each), its title and its list's opening and closing lines, 3 endpoints, 6 backgrounds, a stated format.
    expect(removed.length).toBeLessThanOrEqual(8 * 4 + 4 + 3 + 6 + 1)
    for (const line of removed) expect(line).toMatch(/"(servicesTitle|services|label|to|endpoint|background|format|autocomplete)"|^\s*[[\]{}],?$/)
  })

  it('migrates again to nothing', () => {
    expect(plannedMigration(JSON.parse(migrated))).toMatchObject({ from: 4, edits: [] })
  })
})

describe('npm run migrate', () => {
  it('rewrites an older file, says which file and what changed, and leaves a clean config', { timeout: 60_000 }, () => {
    const file = copyToTemp('eastbridge-format-1.json')
    const result = run('scripts/migrate.ts', [file])
    expect(result.stdout).toContain(`Config: ${file}`)
    expect(result.stdout).toContain('from format 1 to format 4')
    expect(result.stdout).toContain('1 → 2: footer.services')
    expect(result.status).toBe(0)
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ ...JSON.parse(twin), $schema: path.join(root, 'schemas/site.schema.json') })
  })

  it('refuses a format newer than it knows, changing nothing', () => {
    const file = copyToTemp('eastbridge-migrated-by-hand.json')
    const newer = fs.readFileSync(file, 'utf8').replace('"format": 4', '"format": 5')
    fs.writeFileSync(file, newer)
    const result = run('scripts/migrate.ts', [file])
    expect(result.status).toBe(2)
    expect(result.stderr).toContain('"format": 5, which this version cannot read (it knows formats 1 to 4)')
    expect(fs.readFileSync(file, 'utf8')).toBe(newer)
    expect(checkConfigText(newer, 'x.json', { publicDir }).problems.map((problem) => problem.code)).toEqual(['newer-format'])
  })

  it('says what it cannot carry over: a form format 2 did not know gets no invented mail', () => {
    const config = JSON.parse(read('eastbridge-format-2.json'))
    config.forms.booking = { ...config.forms.contact }
    const migration = plannedMigration(config)!
    expect(migration.steps.flatMap((step) => step.notes)).toEqual([expect.stringContaining('forms.booking: its mail')])
    expect(migration.edits.some((edit) => edit.path.join('.') === 'forms.booking.mail')).toBe(false)
  })

  it('adds only "format" to a config of today’s shape written before configs named it', () => {
    const text = fs.readFileSync(path.join(root, 'tests/fixtures/second-site/site.config.json'), 'utf8')
    expect(checkConfigText(text, 'site.config.json', { publicDir: path.join(root, 'tests/fixtures/second-site/public') }).problems).toEqual([])
    const changed = diffLines(text, migrate(text)).filter((part) => part.added || part.removed)
    expect(changed.map((part) => part.value.trim())).toEqual(['"format": 4,'])
  })
})

describe('commands say which config they read', () => {
  it('build:content refuses SITE_DIR, which it does not read, naming what it reads instead', () => {
    const result = run('content/content-cli.ts', [], { SITE_DIR: '/somewhere/mitra-mishti' })
    expect(result.status).toBe(2)
    expect(result.stderr).toContain('build:content does not read SITE_DIR (/somewhere/mitra-mishti), so nothing was built')
    expect(result.stderr).toContain('npm run build:content -- /somewhere/mitra-mishti/site.config.json')
  })

  // Two processes that load the checker (and the build Vite): a generous bound on a busy machine, no timing asserted.
  it('build:content and the build print the file first', { timeout: 120_000 }, () => {
    const file = copyToTemp('eastbridge-format-1.json')
    // An empty public/ beside it: the check stops both before they build anything.
    const emptyPublic = path.join(path.dirname(file), 'public')
    fs.mkdirSync(emptyPublic)
    for (const [script, args] of [
      ['content/content-cli.ts', [file, '--pictures', emptyPublic]],
      ['scripts/build.ts', [file]],
    ] as const) {
      const result = run(script, [...args])
      expect(result.stdout.split('\n')[0]).toBe(`Config: ${file}`)
      // Read as today's format in memory, with a warning; then it stops at the missing pictures.
      expect(result.stderr).toContain('is format 1; it was read as format 4 in memory (the file is unchanged). Run `npm run migrate')
      expect(result.status).toBe(1)
    }
  })

  it('validate names the file SITE_DIR chose in its report', () => {
    const result = spawnSync(process.execPath, ['scripts/validate.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, SITE_DIR: path.join(root, 'tests/fixtures/second-site'), NO_COLOR: '1' },
    })
    expect(result.stdout).toContain(`${path.join('tests/fixtures/second-site', 'site.config.json')}: 12 routes, 0 problems`)
  })
})
