// @vitest-environment node
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { filesUnder } from '../../content/code-build-files.ts'
import { root } from '../../scripts/lib/paths.ts'
import { builtSiteFiles } from '../../site/built-site-files.ts'

/**
 * Old configs keep building: each config of an earlier format under tests/fixtures/formats/, built
 * by the content build command as it is (read as today's format in memory), makes the very site its
 * twin migrated by hand makes: the same files, byte for byte. Three content builds of the shipped
 * site in all (a few seconds each on a quiet machine).
 */
const command = join(root, 'build', 'server', 'content-build.js')
const formats = join(root, 'tests', 'fixtures', 'formats')
const work = mkdtempSync(join(tmpdir(), 'older-format-build-'))

function contentBuild(fixture: string) {
  const out = join(work, fixture)
  const run = spawnSync(process.execPath, [command, join(formats, fixture), '--out', out], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } })
  if (run.status !== 0) throw new Error(`The content build of ${fixture} failed:\n${run.stdout}\n${run.stderr}`)
  return { out, stderr: run.stderr, files: filesUnder(out).sort() }
}

let twin: ReturnType<typeof contentBuild>

beforeAll(() => {
  if (!existsSync(command) || !existsSync(join(root, 'dist', '.site-content-files.json'))) throw new Error('These tests run the build: `npm run build` first (npm test does).')
  twin = contentBuild('eastbridge-migrated-by-hand.json')
}, 120_000)
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe.each(['eastbridge-format-1.json', 'eastbridge-format-2.json'])('%s, built as it is', (fixture) => {
  // One content build of the whole site; a generous bound for a busy machine, no timing asserted.
  it('builds, with a warning naming npm run migrate, the same site as its twin migrated by hand, byte for byte', { timeout: 120_000 }, () => {
    const older = contentBuild(fixture)
    expect(twin.stderr).toBe('')
    expect(older.stderr).toContain(`is format ${fixture.includes('format-1') ? 1 : 2}; it was read as format 4 in memory (the file is unchanged). Run \`npm run migrate`)
    expect(older.files).toEqual(twin.files)
    expect(older.files.filter((file) => file.endsWith('.html')).length).toBeGreaterThan(30)
    // The config's own text keeps the fixture's layout; what it says is the twin's.
    const [configText, ...built] = [builtSiteFiles.configText, ...older.files.filter((file) => file !== builtSiteFiles.configText)]
    expect(JSON.parse(readFileSync(join(older.out, configText), 'utf8'))).toEqual(JSON.parse(readFileSync(join(twin.out, configText), 'utf8')))
    const differing = built.filter((file) => !readFileSync(join(older.out, file)).equals(readFileSync(join(twin.out, file))))
    expect(differing).toEqual([])
  })
})
