// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { filesUnder } from '../../content/code-build-files.ts'
import { root } from '../../scripts/lib/paths.ts'

const command = join(root, 'build', 'server', 'content-build.js')
const work = mkdtempSync(join(tmpdir(), 'content-build-'))
const contentBuild = (args: string[]) => spawnSync(process.execPath, [command, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } })

const pageFiles = (dir: string) => filesUnder(dir).filter((file) => /\.(html|json|xml|txt)$/.test(file) && !file.startsWith('.vite/'))

beforeAll(() => {
  if (!existsSync(command) || !existsSync(join(root, 'dist', '.site-content-files.json'))) throw new Error('These tests run the build: `npm run build` first (npm test does).')
})
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('the content build on its own (build/server/content-build.js)', () => {
  it('makes from site.config.json the same site `npm run build` made, byte for byte: every page, data file, route table and policy', () => {
    const out = join(work, 'same')
    const run = contentBuild(['--out', out])
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(/Built 32 pages and the 404 page of site\.config\.json into .* in \d+\.\d+ s\./)
    const built = pageFiles(join(root, 'dist'))
    expect(pageFiles(out)).toEqual(built)
    // Nothing of the moment of the build is in a page (the router's state says it was loaded at a fixed time), so a publish may keep the pages it did not change.
    for (const file of built) expect(readFileSync(join(out, file), 'utf8'), file).toBe(readFileSync(join(root, 'dist', file), 'utf8'))
    // A whole site: the code build's scripts and pictures are there too, shared with dist/, not copied.
    const script = filesUnder(join(root, 'dist', 'assets')).find((file) => file.endsWith('.js'))!
    expect(statSync(join(out, 'assets', script)).ino).toBe(statSync(join(root, 'dist', 'assets', script)).ino)
    expect(existsSync(join(out, 'about', 'index.html.br'))).toBe(true)
  })

  it('turns an edited config into pages that show the edit, and only the edited page and its data change', () => {
    const config = JSON.parse(readFileSync(join(root, 'site.config.json'), 'utf8'))
    const about = config.routes.find((route: { path: string }) => route.path === '/about')
    about.title = 'About the company, edited'
    const file = join(work, 'edited.json')
    writeFileSync(file, JSON.stringify(config, null, 2))
    // A file outside git is dated by its modification: a day no commit of the shipped config has.
    utimesSync(file, new Date('2020-01-02T12:00:00Z'), new Date('2020-01-02T12:00:00Z'))
    const out = join(work, 'edited')
    expect(contentBuild([file, '--out', out]).status).toBe(0)
    expect(readFileSync(join(out, 'about', 'index.html'), 'utf8')).toContain('<title>About the company, edited')
    const changed = pageFiles(out).filter((name) => !name.startsWith('.') && readFileSync(join(out, name), 'utf8') !== readFileSync(join(root, 'dist', name), 'utf8'))
    // The home page's structured data names no titles; the About page and its data do, and the sitemap dates the About page's change.
    expect(changed.sort()).toEqual(['about/index.html', 'page-data/page-about.json', 'sitemap.xml'])
    const changedLines = (name: string) =>
      readFileSync(join(out, name), 'utf8')
        .split('\n')
        .filter(
          (line) =>
            !readFileSync(join(root, 'dist', name), 'utf8')
              .split('\n')
              .includes(line),
        )
    expect(changedLines('sitemap.xml')).toEqual(['  <url><loc>https://www.example.com/about</loc><lastmod>2020-01-02</lastmod></url>'])
  })

  it('builds nothing from a config with a problem, and says what the problem is', () => {
    const config = JSON.parse(readFileSync(join(root, 'site.config.json'), 'utf8'))
    config.routes[1].blocks.push({ type: 'noSuchBlock' })
    const file = join(work, 'broken.json')
    writeFileSync(file, JSON.stringify(config, null, 2))
    const out = join(work, 'broken')
    const run = contentBuild([file, '--out', out])
    expect(run.status).toBe(1)
    expect(run.stdout).toContain('Unknown block type "noSuchBlock". [unknown-block-type]')
    expect(run.stderr).toContain('Nothing was built')
    expect(existsSync(out)).toBe(false)
  })

  it('answers a wrong option with its usage, exit 2', () => {
    const run = contentBuild(['--nope'])
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('npm run build:content -- [config.json]')
    // The same command through npm, as a developer types it.
    expect(
      execFileSync('npm', ['run', '-s', 'build:content', '--', '--help'], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, stdio: 'pipe' }),
    ).toContain('npm run build:content -- [config.json]')
  })
})
