/**
 * `npm run dev` on a config of an older format: the site is shown, read as today's format in
 * memory as the build reads it, with the warning naming `npm run migrate` in the terminal once per
 * change of the file (no overlay); the visual editor refuses to save over the older file, saying
 * to run `npm run migrate` first, and leaves it as it was.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { declaredForms } from '../../authoring/config/declared-forms.ts'
import { configDocument } from '../../editor/server/config-document.ts'
import { configChecker } from '../../scripts/lib/vite-config-check.ts'
import { siteConfigModules } from '../../scripts/lib/vite-site-config.ts'

const root = path.resolve(import.meta.dirname, '../..')
const formats = path.join(root, 'tests/fixtures/formats')
const formatOne = fs.readFileSync(path.join(formats, 'eastbridge-format-1.json'), 'utf8')
const twin = JSON.parse(fs.readFileSync(path.join(formats, 'eastbridge-migrated-by-hand.json'), 'utf8')) as { footer: unknown; forms: Record<string, { mail?: unknown }> }
const publicDir = path.join(root, 'public')

function fileOf(text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dev-older-format-')), 'site.config.json')
  fs.writeFileSync(file, text)
  return file
}

describe('npm run dev on a config of format 1', () => {
  // The checker on the whole shipped site, three times: a generous bound for a busy machine, no timing asserted.
  it('checks it as today’s (no overlay), warning once per change of the file', { timeout: 60_000 }, () => {
    const warnings: string[] = []
    const check = configChecker({ file: fileOf(formatOne), label: 'site.config.json', publicDir }, (warning) => warnings.push(warning))
    expect(check(formatOne)).toBeNull()
    // A save is checked twice (the file's change, then the browser's import): still one warning.
    expect(check(formatOne)).toBeNull()
    expect(warnings).toEqual([
      expect.stringContaining('site.config.json is format 1; it was read as format 4 in memory (the file is unchanged). Run `npm run migrate -- site.config.json`'),
    ])
    // Saved again with a change, still of format 1: said again.
    expect(check(formatOne.replace('"Eastbridge Cyber Systems"', '"Eastbridge Systems"'))).toBeNull()
    expect(warnings).toHaveLength(2)
  })

  it('shows the site and serves its forms as today’s format', () => {
    const file = fileOf(formatOne)
    const modules = siteConfigModules(file) as unknown as { resolveId(id: string): string; load(this: { addWatchFile(): void }, id: string): string }
    const code = modules.load.call({ addWatchFile: () => {} }, modules.resolveId('virtual:site-data'))
    const siteData = JSON.parse(JSON.parse(code.match(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/)![1]!)) as { shell: { footer: unknown } }
    expect(JSON.stringify(siteData)).toContain(JSON.stringify((twin.footer as { columns: unknown }).columns))
    expect(declaredForms(file).contact?.mail).toEqual(twin.forms.contact!.mail)
  })

  it('the visual editor refuses to save over it, saying to run npm run migrate first, and leaves the file as it was', async () => {
    const file = fileOf(formatOne)
    const document = configDocument({ file, label: 'site.config.json', publicDir })
    const { version, config } = await document.load()
    const save = document.save(version, { ...(config as object), site: { name: 'Edited' } })
    await expect(save).rejects.toMatchObject({
      status: 409,
      expose: true,
      message: expect.stringMatching(
        /^Not saved: site\.config\.json is written in an older config format \(format 1; .*Run `npm run migrate -- site\.config\.json` in a terminal first/,
      ),
    })
    expect(fs.readFileSync(file, 'utf8')).toBe(formatOne)
  })
})
