// @vitest-environment jsdom
/**
 * `npm run new-site` writes a site of its own that the real checker passes when SITE_DIR names it
 * (pictures looked up in its own public/), refuses a folder that already holds something, and
 * escapes whatever the name holds in its logo and config.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { sourceHash } from '../../scripts/lib/build-stamp.ts'

const root = path.resolve(import.meta.dirname, '../..')
const temporaryDirs: string[] = []

afterEach(() => {
  vi.unstubAllEnvs()
  for (const dir of temporaryDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function temporaryDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'new-site-'))
  temporaryDirs.push(dir)
  return dir
}

/** The environment of a command typed in the project, without a site chosen by whoever runs the tests. */
function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([name]) => !/^(npm_|SITE_)|^INIT_CWD$/.test(name))
  return { ...Object.fromEntries(inherited), NO_COLOR: '1', ...extra }
}

const newSite = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/new-site.ts', ...args], { cwd: root, encoding: 'utf8', env: environment() })
const validate = (siteDir: string) => spawnSync(process.execPath, ['scripts/validate.ts'], { cwd: root, encoding: 'utf8', env: environment({ SITE_DIR: siteDir }) })

/** Every text of the new site's files, to look for words of this company's site. */
const everything = (dir: string) =>
  fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).flatMap((file) => (fs.statSync(path.join(dir, file)).isFile() ? [fs.readFileSync(path.join(dir, file), 'utf8')] : []))

describe('npm run new-site', () => {
  it('writes a site that SITE_DIR=<folder> npm run validate passes: three pages in the menu, the contact form on /contact, its own logo and favicon', () => {
    const dir = path.join(temporaryDir(), 'green-leaf')
    const written = newSite([dir, '--name', 'Green Leaf Dental'])
    expect(written.stderr).toBe('')
    expect(written.status).toBe(0)
    expect(written.stdout).toContain(`SITE_DIR=${dir} npm run dev`)

    const checked = validate(dir)
    expect(checked.stdout).toContain('3 routes, 0 problems')
    expect(checked.status).toBe(0)

    const config = JSON.parse(fs.readFileSync(path.join(dir, 'site.config.json'), 'utf8')) as SiteConfig
    expect(config.site.name).toBe('Green Leaf Dental')
    expect(config.routes.map((route) => route.path)).toEqual(['/', '/about', '/contact'])
    expect(config.navigation.items.map((item) => ('to' in item ? item.to : undefined))).toEqual(['/', '/about', '/contact'])
    expect(config.routes.find((route) => route.path === '/contact')!.blocks).toContainEqual(expect.objectContaining({ type: 'form', form: 'contact' }))
    expect(fs.readdirSync(path.join(dir, 'public')).sort()).toEqual(['favicon.svg', 'logo.svg'])
    expect(fs.readFileSync(path.join(dir, 'public', 'logo.svg'), 'utf8')).toContain('>GL</text>')
    for (const text of everything(dir)) expect(text).not.toMatch(/eastbridge|cyber|india|kolkata|\bISO\b|fortinet|partner/i)
  }, 20_000)

  it('refuses a folder that is not empty, and writes nothing into it', () => {
    const dir = temporaryDir()
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine')
    const refused = newSite([dir, '--name', 'Green Leaf Dental'])
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain('is not empty')
    expect(fs.readdirSync(dir)).toEqual(['notes.txt'])
    expect(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine')
  }, 20_000)

  it('keeps a hostile name as text: escaped in the logo (a well-formed SVG without a script), exact in the config, which still validates', () => {
    const name = `<script>alert("x")</script> & 'Quotes' "Ltd"`
    const dir = path.join(temporaryDir(), 'hostile')
    expect(newSite([dir, '--name', name]).status).toBe(0)
    expect(validate(dir).status).toBe(0)

    for (const file of ['logo.svg', 'favicon.svg']) {
      const svg = fs.readFileSync(path.join(dir, 'public', file), 'utf8')
      expect(svg).not.toContain('<script')
      const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml')
      expect(parsed.querySelector('parsererror')).toBeNull()
      expect(parsed.documentElement.querySelectorAll('*').length).toBe(3)
      expect(parsed.querySelector('title')!.textContent).toBe(name)
    }
    expect((JSON.parse(fs.readFileSync(path.join(dir, 'site.config.json'), 'utf8')) as SiteConfig).site.name).toBe(name)
  }, 20_000)
})

describe('npm start with SITE_DIR', () => {
  it("takes the project's build for stale once another site is chosen, and that site's build for stale once a file of its public/ changes", () => {
    const dir = path.join(temporaryDir(), 'site')
    expect(newSite([dir, '--name', 'Green Leaf Dental']).status).toBe(0)
    vi.stubEnv('SITE_CONFIG', undefined)
    vi.stubEnv('SITE_DIR', undefined)
    const project = sourceHash()
    vi.stubEnv('SITE_DIR', dir)
    const newSiteHash = sourceHash()
    expect(newSiteHash).not.toBe(project)
    fs.writeFileSync(path.join(dir, 'public', 'photo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    expect(sourceHash()).not.toBe(newSiteHash)
  }, 20_000)
})
