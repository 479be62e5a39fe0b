/**
 * What a person sees: the printed layout, the order of problems, no validator jargon, the
 * command's exit codes, and block schemas picked up from the folder as they are added.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatProblems, SchemaLoadError, validateConfigText } from '../../authoring/check/index.ts'
import { withEdits } from '../helpers/config-edits.ts'

const root = path.resolve(import.meta.dirname, '../..')
const fixtures = path.join(root, 'tests/fixtures')
const publicDir = path.join(fixtures, 'public')
const base = fs.readFileSync(path.join(fixtures, 'valid/site.config.json'), 'utf8')

const edited = (...edits: Array<[string, string]>) => withEdits(base, ...edits)

describe('printed problems', () => {
  it('shows file:line:column, the page and block, the message and a → hint, then a summary', () => {
    const problems = validateConfigText(edited(['"background": "navy"', '"background": "navvy"'], ['"to": "/get-quote"', '"to": "/get-qoute"']), 'site.config.json', { publicDir })
    expect(formatProblems(problems, { color: false })).toBe(
      [
        'site.config.json:147:25  / › blocks[0] (pageHero)',
        '  "background" must be one of: navy, teal, violet, sunrise, slate, emerald — not "navvy". Did you mean "navy"? [not-allowed-value]',
        '',
        'site.config.json:154:21  / › blocks[0] (pageHero) › actions[0]',
        '  The link "Get a Quote" leads to "/get-qoute", which is not a page of the site. Did you mean "/get-quote"? [broken-link]',
        '  → Use the path or an alias of a page in "routes", or add a page with this path.',
        '',
        '2 problems in site.config.json',
        '',
      ].join('\n'),
    )
  })

  it('lists unknown block types and missing properties first, then other values, then links and files', () => {
    const problems = validateConfigText(
      edited(
        ['"to": "/get-quote"', '"to": "/nowhere"'],
        ['"durationSeconds": 20', '"durationSeconds": "20"'],
        ['"type": "placeholder"', '"type": "placehodler"'],
        ['"/images/logos/sophos.svg"', '"/images/logos/sophos.png"'],
        ['"title": "Get a Quote",\n', ''],
      ),
      'site.config.json',
      { publicDir },
    )
    expect(problems.map((problem) => [problem.kind, problem.line])).toEqual([
      ['structure', 220],
      ['structure', 256],
      ['value', 196],
      ['reference', 154],
      ['reference', 205],
    ])
  })

  it("never shows the validator's own words", () => {
    const jargon = /must have required|must NOT|must match|must be equal|instancePath|schemaPath|additionalProperties|anyOf|oneOf|discriminator|#\//
    const broken = path.join(fixtures, 'broken')
    for (const file of fs.readdirSync(broken)) {
      const problems = validateConfigText(fs.readFileSync(path.join(broken, file), 'utf8'), file, { publicDir })
      for (const problem of problems) expect(`${problem.message} ${problem.hint ?? ''}`).not.toMatch(jargon)
    }
  })

  it('a follow-on is not shown: a malformed alias is reported once, never suggested for a broken link or counted as a clash', () => {
    const problems = validateConfigText(
      edited(['"aliases": [\n        "/Contact"', '"aliases": [\n        "/Contact Us"'], ['"to": "/get-quote"', '"to": "/contact-us"'], ['"/Get-Quote"', '"/Contact Us"']),
      'site.config.json',
      { publicDir },
    )
    expect(problems.map(({ code, message }) => `[${code}] ${message}`)).toEqual([
      '[bad-page-address] "aliases[0]" is "/Contact Us", which is not a page address.',
      '[bad-page-address] "aliases[0]" is "/Contact Us", which is not a page address.',
      '[broken-link] The link "Get a Quote" leads to "/contact-us", which is not a page of the site. Did you mean "/contact"?',
    ])
  })

  it('a wrong menu entry gets the one explanation that fits it, not one per kind of entry', () => {
    const problems = validateConfigText(edited(['"label": "About Us",\n        "to": "/about"', '"label": "About Us",\n        "to": 5']), 'site.config.json', { publicDir })
    expect(problems.map((problem) => problem.message)).toEqual(['"to" should be a text, but is the number 5.'])
  })
})

describe('the validate command', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/validate.ts', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })

  it('prints one line and exits 0 for a clean config', () => {
    const result = run('tests/fixtures/valid/site.config.json')
    expect(result.stdout).toMatch(/^✓ tests\/fixtures\/valid\/site\.config\.json: 6 routes, 0 problems \(\d+ ms\)\n$/)
    expect(result.status).toBe(0)
  })

  it('prints every problem and exits 1, using the public/ folder nearest to the config', () => {
    const result = run('tests/fixtures/broken/missing-image-file.json')
    expect(result.stdout).toMatch(/^tests\/fixtures\/broken\/missing-image-file\.json:199:22 {2}\/about › blocks\[1\] \(logoStrip\) › logos\[0\]\n/)
    expect(result.stdout).toMatch(/\n1 problem in tests\/fixtures\/broken\/missing-image-file\.json\n$/)
    expect(result.status).toBe(1)
  })

  it('exits 2 without a stack trace when the file does not exist', () => {
    const result = run('no-such.json')
    expect(result.stderr.trim()).toBe('Cannot read no-such.json: there is no such file.')
    expect(result.status).toBe(2)
  })
})

describe('block schemas', () => {
  /** A copy of schemas/ with one more block schema, removed after `check`. */
  function withExtraBlock(properties: Record<string, unknown>, check: (schemasDir: string) => void) {
    const schemasDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'))
    fs.cpSync(path.join(root, 'schemas'), schemasDir, { recursive: true })
    const schema = {
      title: 'QuoteWallBlock',
      description: 'Quotes.',
      type: 'object',
      additionalProperties: false,
      required: ['type', 'quotes'],
      properties: { type: { const: 'quoteWall', description: 'Block type.' }, ...properties },
    }
    fs.writeFileSync(path.join(schemasDir, 'blocks', 'quoteWall.schema.json'), JSON.stringify(schema))
    try {
      check(schemasDir)
    } finally {
      fs.rmSync(schemasDir, { recursive: true, force: true })
    }
  }

  it('are read from the folder, so a block type added there is known at once', () => {
    withExtraBlock({ quotes: { type: 'array', description: 'Quotes.', items: { type: 'string' } } }, (schemasDir) => {
      const config = edited(['"type": "placeholder"', '"type": "quoteWall",\n          "quotes": ["Fast and friendly."]'])
      expect(validateConfigText(config, 'site.config.json', { publicDir, schemasDir })).toEqual([])
      const misspelt = validateConfigText(config.replace('"quoteWall"', '"quoteWal"'), 'site.config.json', { publicDir, schemasDir })
      expect(misspelt.map((problem) => problem.message)).toEqual(['Unknown block type "quoteWal". Did you mean "quoteWall"?'])
    })
  })

  it("a rule no other code covers still gets a plain message and the property's description [invalid-value]", () => {
    withExtraBlock({ quotes: { type: 'array', description: 'Quotes, each once.', uniqueItems: true, items: { type: 'string' } } }, (schemasDir) => {
      const config = edited(['"type": "placeholder"', '"type": "quoteWall",\n          "quotes": ["Fast.", "Fast."]'])
      const problems = validateConfigText(config, 'site.config.json', { publicDir, schemasDir })
      expect(problems.map(({ code, message, hint }) => ({ code, message, hint }))).toEqual([
        { code: 'invalid-value', message: '"quotes" is not valid here.', hint: 'Quotes, each once.' },
      ])
    })
  })

  it('a broken block schema is named, instead of failing somewhere inside the validator', () => {
    withExtraBlock({ quotes: { type: 'array', description: 'Quotes.', maxItem: 3 } }, (schemasDir) => {
      expect(() => validateConfigText(base, 'site.config.json', { publicDir, schemasDir })).toThrow(SchemaLoadError)
      expect(() => validateConfigText(base, 'site.config.json', { publicDir, schemasDir })).toThrow(
        /^schemas\/blocks\/quoteWall\.schema\.json: strict mode: unknown keyword: "maxItem"/,
      )
    })
  })
})
