/**
 * The checker on a site in several languages: each language checked as it reads, translations the
 * schemas cannot judge, and the texts still missing a translation, each at its line and column.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { setJsonValue } from '../../authoring/config/config-edit.ts'
import { checkConfigText, formatNotices, type Problem } from '../../authoring/check/index.ts'
import { readSchemaFile } from '../../authoring/schemas/schema-files.ts'

const fixtures = path.resolve(import.meta.dirname, '../fixtures')
const publicDir = path.join(fixtures, 'public')
const base = fs.readFileSync(path.join(fixtures, 'valid/site.config.json'), 'utf8')

type Edit = [(string | number)[], unknown]
const edited = (text: string, ...edits: Edit[]) => edits.reduce((result, [at, value]) => setJsonValue(result, at, value), text)
/** The small valid config in English and Bengali, every page's title given in both (so every page is in both). */
const bilingual = edited(
  base,
  [
    ['site', 'locales'],
    ['en', 'bn'],
  ],
  ...(JSON.parse(base) as { routes: { title: string }[] }).routes.map((route, index): Edit => [['routes', index, 'title'], { en: route.title, bn: `${route.title} (বাংলা)` }]),
)
const check = (text: string) => checkConfigText(text, 'site.config.json', { publicDir })
const brief = ({ code, line, column, where, pointer, message }: Problem) => ({ code, line, column, where, pointer, message })
/** 1-based line and column of the first character of `needle`, found by reading the text, not the checker's positions. */
function at(text: string, needle: string, from = 0): { line: number; column: number } {
  const offset = text.indexOf(needle, from)
  if (offset < 0) throw new Error(`${needle} is not in the text`)
  const before = text.slice(0, offset)
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') }
}

describe('translations the schemas cannot judge', () => {
  it('a language the site does not have is named at its key, with the nearest of the site’s, and the text is not also "an object"', () => {
    const text = edited(bilingual, [['routes', 1, 'blocks', 0, 'heading'], { en: 'About Eastbridge', bm: 'ইস্টব্রিজের কথা' }])
    const { problems } = check(text)
    expect(problems.map(brief)).toEqual([
      {
        code: 'unknown-language',
        ...at(text, '"bm"'),
        where: '/about › blocks[0] (pageHero) › heading',
        pointer: '/routes/1/blocks/0/heading/bm',
        message: '"bm" is not one of the site\'s languages ("en" and "bn"), so no page shows this translation. Did you mean "bn"?',
      },
    ])
  })

  it('an empty object is a text in no language', () => {
    const text = edited(bilingual, [['routes', 0, 'blocks', 1, 'heading'], {}])
    expect(check(text).problems.map(brief)).toEqual([
      {
        code: 'empty-translations',
        ...at(text, '{}'),
        where: '/ › blocks[1] (cardGrid)',
        pointer: '/routes/0/blocks/1/heading',
        message: '"heading" is an empty object: a text in no language.',
      },
    ])
  })

  it('a value the same in every language (a phone number, an icon) cannot be written per language', () => {
    const text = edited(
      bilingual,
      [['site', 'phone'], { en: '+91 33 4000 1234', bn: '+৯১ ৩৩ ৪০০০ ১২৩৪' }],
      [['routes', 0, 'blocks', 1, 'cards', 0, 'icon'], { en: 'shield-lock', bn: 'cloud' }],
    )
    const problems = check(text).problems
    expect(problems.map(({ code, line, column, pointer }) => ({ code, line, column, pointer }))).toEqual([
      { code: 'not-translatable', ...at(text, '{', text.indexOf('"phone"')), pointer: '/site/phone' },
      { code: 'not-translatable', ...at(text, '{', text.indexOf('"icon": {')), pointer: '/routes/0/blocks/1/cards/0/icon' },
    ])
    expect(problems[0]!.hint).toBe('Write the one value, e.g. "+91 33 4000 1234".')
  })

  it('the first language must be that of site.locale', () => {
    const text = edited(
      bilingual,
      [['site', 'locale'], 'en-IN'],
      [
        ['site', 'locales'],
        ['bn', 'en'],
      ],
    )
    const problem = check(text).problems.find(({ code }) => code === 'default-language-not-locale')
    expect(problem && brief(problem)).toEqual({
      code: 'default-language-not-locale',
      ...at(text, '"bn"', text.indexOf('"locales"')),
      where: 'site',
      pointer: '/site/locales/0',
      message: 'site.locales starts with Bangla (bn), the default language, but site.locale "en-IN" is English (en).',
    })
  })

  it('a site of one language that writes a text per language is told to name its languages, once', () => {
    const text = edited(base, [['routes', 0, 'blocks', 1, 'heading'], { en: 'What we do', bn: 'আমরা কী করি' }])
    const { problems } = check(text)
    expect(problems.map(({ code, pointer }) => ({ code, pointer }))).toEqual([{ code: 'translations-without-locales', pointer: '/routes/0/blocks/1/heading' }])
    expect(problems[0]!.hint).toBe('Add "locales": ["en","bn"] to site (the first is the default language, that of site.locale), or write one text.')
  })
})

describe('each language is checked as it reads', () => {
  it('a highlight missing from the Bengali heading only is said for bn, at the Bengali highlight', () => {
    const text = edited(
      bilingual,
      [['routes', 1, 'blocks', 0, 'heading'], { en: 'About Eastbridge Cyber Systems', bn: 'ইস্টব্রিজ সাইবার সিস্টেমসের কথা' }],
      [['routes', 1, 'blocks', 0, 'highlight'], { en: 'Cyber Systems', bn: 'সাইবার নিরাপত্তা' }],
    )
    expect(check(text).problems.map(brief)).toEqual([
      {
        code: 'highlight-not-in-heading',
        ...at(text, '"সাইবার নিরাপত্তা"'),
        where: '/about › blocks[0] (pageHero)',
        pointer: '/routes/1/blocks/0/highlight/bn',
        message: 'in bn: The highlight "সাইবার নিরাপত্তা" does not appear in the heading "ইস্টব্রিজ সাইবার সিস্টেমসের কথা", so no words of the heading are coloured.',
      },
    ])
  })

  it('an empty Bengali menu label is said for bn at the Bengali text; a broken link, wrong in every language, once and plainly', () => {
    const text = edited(bilingual, [['navigation', 'items', 0, 'label'], { en: 'Home', bn: '' }], [['navigation', 'items', 1, 'to'], '/abuot'])
    const problems = check(text).problems.map(brief)
    expect(problems).toMatchObject([
      { code: 'empty-text', ...at(text, '""', text.indexOf('"bn": ""')), pointer: '/navigation/items/0/label/bn', message: 'in bn: "label" is empty.' },
      { code: 'broken-link', pointer: '/navigation/items/1/to', message: expect.not.stringMatching(/^in /) },
    ])
    expect(problems).toHaveLength(2)
  })

  it('a config without site.locales gets the same problems as before: none for the valid one', () => {
    expect(check(base)).toMatchObject({ problems: [], notices: [] })
  })
})

describe('missing translations', () => {
  it('a page’s text with no Bengali is a notice at it, naming the page; the check passes', () => {
    const result = check(bilingual)
    expect(result.problems).toEqual([])
    const heading = result.notices.find(({ pointer }) => pointer === '/routes/1/blocks/0/heading')
    expect(heading && { ...brief(heading), hint: heading.hint }).toEqual({
      code: 'missing-translation',
      ...at(bilingual, '"About Eastbridge Cyber Systems"'),
      where: '/about › blocks[0] (pageHero)',
      pointer: '/routes/1/blocks/0/heading',
      message: '"heading" has no Bangla (bn) text: the page /about is in Bangla (bn) and shows the English (en) one.',
      hint: 'Write it per language: { "en": "About Eastbridge Cyber Systems", "bn": "…" }.',
    })
  })

  it('the notice docs/authoring.md quotes is the one the checker prints', () => {
    const guide = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/authoring.md'), 'utf8')
    const heading = check(bilingual).notices.find(({ pointer }) => pointer === '/routes/1/blocks/0/heading')!
    expect(guide).toContain(formatNotices([heading], { color: false }).trimEnd())
  })

  it('a text every page shows (a menu label) lacks bn on every page; a page not in bn needs no bn', () => {
    const onlyAbout = edited(
      base,
      [
        ['site', 'locales'],
        ['en', 'bn'],
      ],
      [['routes', 1, 'title'], { en: 'About Us', bn: 'আমাদের কথা' }],
    )
    const notices = check(onlyAbout).notices
    expect(notices.find(({ pointer }) => pointer === '/navigation/items/0/label')?.message).toBe(
      '"label" has no Bangla (bn) text: every page in Bangla (bn) shows the English (en) one.',
    )
    expect(notices.some(({ pointer }) => pointer.startsWith('/routes/0/'))).toBe(false)
    expect(notices.some(({ pointer }) => pointer === '/routes/1/blocks/0/heading')).toBe(true)
  })

  it('texts left to the defaults are said once per group, at the nearest part the file writes', () => {
    const text = edited(bilingual, [['texts'], { header: { skipToContent: { en: 'Skip to content', bn: 'মূল লেখায় যান' } } }])
    const notices = check(text).notices
    const header = notices.filter(({ message }) => message.startsWith('texts.header:'))
    // Every text of the group but the one written per language.
    const headerSchema = (readSchemaFile('defs/texts.schema.json') as { properties: { header: { properties: object } } }).properties.header
    const leftToDefaults = Object.keys(headerSchema.properties).length - 1
    expect(header.map(brief)).toEqual([
      {
        code: 'missing-translation',
        ...at(text, '{', text.indexOf('"header"')),
        where: 'texts › header',
        pointer: '/texts/header',
        message: `texts.header: ${leftToDefaults} texts have no Bangla (bn) words, so the English (en) defaults stand in for them.`,
      },
    ])
    const footer = notices.find(({ message }) => message.startsWith('texts.footer:'))
    expect(footer && { line: footer.line, pointer: footer.pointer }).toEqual({ line: at(text, '"texts"').line, pointer: '/texts' })
    // No notice points at a text the file does not write: a default has no line of its own.
    const data = JSON.parse(text) as unknown
    const written = (pointer: string) =>
      pointer
        .split('/')
        .slice(1)
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], data) !== undefined
    expect(notices.filter(({ pointer }) => !written(pointer))).toEqual([])
  })

  it('with site.requireTranslations, each missing translation is a problem, and says why', () => {
    const text = edited(bilingual, [['site', 'requireTranslations'], true])
    const result = check(text)
    expect(result.notices).toEqual([])
    expect(result.problemCount).toBeGreaterThan(0)
    expect(result.problems.every(({ code }) => code === 'missing-translation')).toBe(true)
    expect(result.problems[0]!.hint).toMatch(/site\.requireTranslations is true, so the site is not built until it is translated\.$/)
  })
})

describe('npm run validate on a site in two languages', () => {
  const validate = (text: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'translation-check-'))
    try {
      fs.writeFileSync(path.join(dir, 'site.config.json'), text)
      const args = ['run', '--silent', 'validate', '--', path.join(dir, 'site.config.json'), '--public', publicDir]
      return spawnSync('npm', args, { cwd: path.resolve(import.meta.dirname, '../..'), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }

  it('prints the missing translations as notices at their lines and passes (exit 0)', () => {
    const result = validate(bilingual)
    const line = at(bilingual, '"About Eastbridge Cyber Systems"')
    expect(result.stdout).toContain(
      `site.config.json:${line.line}:${line.column}  /about › blocks[0] (pageHero)\n  Notice: "heading" has no Bangla (bn) text: the page /about is in Bangla (bn) and shows the English (en) one. [missing-translation]`,
    )
    expect(result.stdout).toMatch(/✓ .*site\.config\.json: 6 routes, 0 problems/)
    expect(result.status).toBe(0)
  })

  it('fails (exit 1) when site.requireTranslations is true', () => {
    const result = validate(edited(bilingual, [['site', 'requireTranslations'], true]))
    expect(result.stdout).toMatch(/"heading" has no Bangla \(bn\) text: the page \/about is in Bangla \(bn\) and shows the English \(en\) one\. \[missing-translation\]/)
    expect(result.stdout).not.toContain('Notice:')
    expect(result.stdout).toMatch(/\d+ problems in .*site\.config\.json/)
    expect(result.status).toBe(1)
  })
})
