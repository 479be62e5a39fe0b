/**
 * The gallery of mistakes: each file under tests/fixtures/broken/ is the valid base with one
 * mistake people make, and the checker must name it at the right spot in plain words.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { allErrors, checkConfigText, validateConfigText, type ErrorCode } from '../../authoring/check/index.ts'
import { currentFormat } from '../../authoring/migrate/format-steps.ts'

const fixtures = path.resolve(import.meta.dirname, '../fixtures')
const publicDir = path.join(fixtures, 'public')

function check(file: string) {
  const text = fs.readFileSync(path.join(fixtures, file), 'utf8')
  return validateConfigText(text, path.basename(file), { publicDir })
}

function checkFixture(file: string) {
  return checkConfigText(fs.readFileSync(path.join(fixtures, file), 'utf8'), path.basename(file), { publicDir })
}

/** Codes no config can reach with the project's schemas; each is tested where said. */
const coveredElsewhere: Partial<Record<ErrorCode, string>> = {
  'invalid-value': 'validate-output.test.ts, with a block schema using a keyword (uniqueItems) the project does not use yet',
  'forms-need-a-deploy': 'published-form-checks.test.ts: only a publish to a running server checks it (formsOfServer)',
  'older-format': 'config-formats.test.ts, with configs of each earlier format (tests/fixtures/formats/)',
  'newer-format': 'config-formats.test.ts, with a config that says a format this version does not know',
  // A config of several languages lacks nearly every translation at first, so the gallery's one-problem configs cannot show these.
  'default-language-not-locale': 'translation-checks.test.ts, with a config in two languages',
  'unknown-language': 'translation-checks.test.ts, with a config in two languages',
  'empty-translations': 'translation-checks.test.ts, with a config in two languages',
  'not-translatable': 'translation-checks.test.ts, with a config in two languages',
  'missing-translation': 'translation-checks.test.ts, with a config in two languages',
}

describe('a valid config', () => {
  it('the small base config has no problems', () => {
    expect(check('valid/site.config.json')).toEqual([])
  })

  it('the real site.config.json has no problems', () => {
    const root = path.resolve(import.meta.dirname, '../..')
    const text = fs.readFileSync(path.join(root, 'site.config.json'), 'utf8')
    expect(validateConfigText(text, 'site.config.json')).toEqual([])
  })
})

// [fixture, code, line, column, where, message]: one mistake per file, named by its catalogue code
// unless an older fixture's name says more about the mistake.
const gallery: Array<[string, ErrorCode, number, number, string, string]> = [
  ['misspelt-block-type', 'unknown-block-type', 163, 19, '/ › blocks[1] (cardGird)', 'Unknown block type "cardGird". Did you mean "cardGrid"?'],
  ['block-without-type', 'block-without-type', 250, 9, '/contact › blocks[0]', 'This block has no "type", so the site cannot tell what to show.'],
  ['missing-required-field', 'missing-property', 250, 9, '/contact › blocks[0] (pageHero)', 'This pageHero block is missing "heading" (required).'],
  ['route-without-title', 'missing-property', 256, 5, '/get-quote', 'This page is missing "title" (required).'],
  ['wrong-value-type', 'wrong-type', 196, 30, '/about › blocks[1] (logoStrip)', '"durationSeconds" should be a number, but is the text "20".'],
  ['unknown-property', 'unknown-property', 192, 11, '/about › blocks[0] (pageHero)', 'This pageHero block has a property "subheading" that pageHero blocks do not use.'],
  ['misspelt-property', 'unknown-property', 187, 7, '/about', 'This page has a property "descripton" that pages do not use. Did you mean "description"?'],
  [
    'menu-dropdown-typo',
    'unknown-property',
    47,
    9,
    'navigation › items[2] "Services"',
    'This dropdown menu has a property "itmes" that dropdown menus do not use. Did you mean "items"?',
  ],
  [
    'bad-enum-value',
    'not-allowed-value',
    147,
    25,
    '/ › blocks[0] (pageHero)',
    '"background" must be one of: navy, teal, violet, sunrise, slate, emerald — not "navvy". Did you mean "navy"?',
  ],
  ['unknown-icon', 'unknown-icon', 167, 23, '/ › blocks[1] (cardGrid) › cards[0]', 'Unknown icon "sheild-lock". Did you mean "shield-lock"?'],
  ['bad-email', 'bad-email', 8, 14, 'site', '"email" is not a valid e-mail address: "info.example.com".'],
  ['bad-alias-form', 'bad-page-address', 259, 9, '/get-quote', '"aliases[0]" is "/Get Quote", which is not a page address.'],
  ['empty-blocks', 'page-without-blocks', 218, 7, '/security_solutions', 'A page needs at least one block.'],
  ['too-many-buttons', 'too-many-entries', 233, 11, '/security_solutions/endpoint_security › blocks[0] (pageHero)', '"actions" has 3 entries; at most 2 are allowed.'],
  ['duplicate-property', 'duplicate-property', 267, 11, '/get-quote › blocks[0] (pageHero)', 'The property "heading" appears twice in this object; only this last one counts.'],
  [
    'link-to-missing-route',
    'broken-link',
    154,
    21,
    '/ › blocks[0] (pageHero) › actions[0]',
    'The link "Get a Quote" leads to "/get-qoute", which is not a page of the site. Did you mean "/get-quote"?',
  ],
  ['duplicate-path', 'duplicate-address', 257, 15, '/contact', 'The address "/contact" is already used by the page /contact (as its path, at line 243, column 15).'],
  ['alias-clash', 'duplicate-address', 260, 9, '/get-quote', 'The address "/Contact" is already used by the page /contact (as its path "/contact", at line 243, column 15).'],
  [
    'missing-image-file',
    'missing-file',
    199,
    22,
    '/about › blocks[1] (logoStrip) › logos[0]',
    'The picture "/images/logos/fortnet.svg" does not exist in public/. Did you mean "/images/logos/fortinet.svg"?',
  ],
  ['trailing-comma', 'trailing-comma', 149, 75, '/ › blocks[0] (pageHero) › paragraphs[0]', 'There is a comma after the last item of this list.'],
  ['unclosed-string', 'unclosed-text', 164, 22, '/ › blocks[1] (cardGrid) › heading', 'This text is never closed: its closing " is missing.'],
  ['missing-opening-quote', 'unquoted-text', 226, 16, '/security_solutions/endpoint_security › title', 'Unexpected word Endpoint: a text without quotes.'],
  ['missing-comma', 'missing-comma', 187, 7, '/about › description', 'A comma is missing between "title" and "description".'],
  // The parser stops at the second item but still counts itself in the first: named by both.
  ['missing-comma-in-list', 'missing-comma', 150, 13, '/ › blocks[0] (pageHero) › paragraphs[1]', 'A comma is missing between paragraphs[0] and paragraphs[1].'],
  ['comment', 'comment', 4, 5, 'site', 'Comments are not allowed: this file is JSON, which has no comments.'],
  [
    'menu-link-to-missing-route',
    'broken-link',
    54,
    23,
    'navigation › items[2] "Services" › items[0] "Security Solutions" › items[0] "Endpoint Security"',
    'The menu entry "Endpoint Security" leads to "/security_solutions/endpoint_securty", which is not a page of the site. Did you mean "/security_solutions/endpoint_security"?',
  ],
  [
    'bad-link-target',
    'bad-link-target',
    154,
    21,
    '/ › blocks[0] (pageHero) › actions[0]',
    '"to" is "get-quote", which is neither a page of the site nor a web, mail or phone address.',
  ],
  ['curly-quotes', 'curly-quotes', 176, 15, '/ › blocks[1] (cardGrid) › cards[1]', 'These quotes are curly; JSON needs straight quotes " — replace them: “icon”: “cloud”'],
  ['curly-quoted-text', 'curly-quoted-text', 164, 22, '/ › blocks[1] (cardGrid)', 'This text is wrapped in curly quotes, which the page will show: "“What we do”".'],
  ['bad-number', 'bad-number', 196, 30, '/about › blocks[1] (logoStrip) › durationSeconds', '"1." is not a number JSON understands.'],
  [
    'bad-picture-path',
    'bad-picture-path',
    199,
    22,
    '/about › blocks[1] (logoStrip) › logos[0]',
    '"src" is "public/images/logos/fortinet.svg", which is not the path of a picture in public/.',
  ],
  ['bad-slug', 'bad-slug', 224, 21, '/security_solutions › blocks[0] (timeline) › milestones[0]', '"id" is "Our Founding"; it may only contain lowercase letters, digits and -.'],
  ['bad-unicode-escape', 'bad-unicode-escape', 169, 53, '/ › blocks[1] (cardGrid) › cards[0] › text', 'A \\u escape must be followed by four hexadecimal digits.'],
  ['bad-web-address', 'bad-web-address', 5, 12, 'site', '"url" is not a complete web address: "www.example.com".'],
  ['block-type-not-text', 'block-type-not-text', 220, 19, '/security_solutions › blocks[0]', 'The block\'s "type" should be a text, but is 5.'],
  ['capitalised-keyword', 'capitalised-keyword', 94, 23, 'forms › contact › fields[0] › required', '"True" is not a JSON value.'],
  ['control-character', 'control-character', 169, 44, '/ › blocks[1] (cardGrid) › cards[0] › text', 'The text contains a tab or another invisible control character.'],
  ['empty-file', 'empty-file', 1, 1, '(top level)', 'The file is empty.'],
  ['empty-list', 'empty-list', 68, 7, 'footer › columns[0]', '"links" is an empty list; it needs at least one entry.'],
  ['empty-text', 'empty-text', 186, 16, '/about', '"title" is empty.'],
  ['missing-colon', 'missing-colon', 164, 21, '/ › blocks[1] (cardGrid) › heading', 'A ":" is missing between the property name and its value.'],
  ['not-a-block', 'not-a-block', 219, 9, '/security_solutions', '"blocks[0]" should be a block { "type": … }, but is the text "placeholder".'],
  [
    'not-a-page',
    'not-a-page',
    50,
    19,
    'navigation › items[2] "Services" › items[0] "Security Solutions"',
    '"to" is "https://example.com/security", which is not a page of the site.',
  ],
  ['out-of-range', 'out-of-range', 196, 30, '/about › blocks[1] (logoStrip)', '"durationSeconds" must be at least 5, but is the number 2.'],
  ['property-name-expected', 'property-name-expected', 163, 30, '/ › blocks[1] (cardGrid)', 'A property name in double quotes was expected here.'],
  ['single-quotes', 'single-quotes', 164, 11, '/ › blocks[1] (cardGrid)', "'heading' uses single quotes."],
  ['text-after-end', 'text-after-end', 272, 1, '(top level)', 'There is more text after the end of the configuration.'],
  ['text-too-long', 'text-too-long', 217, 22, '/security_solutions', '"description" is 238 characters long; at most 200 fit.'],
  ['text-too-short', 'text-too-short', 7, 14, 'site', '"phone" is too short: it needs at least 5 characters.'],
  ['too-few-entries', 'too-few-entries', 222, 11, '/security_solutions › blocks[0] (processSteps)', '"steps" needs at least 2 entries.'],
  ['unclosed-list', 'unclosed-list', 150, 11, '/ › blocks[0] (pageHero) › paragraphs', 'A list opened with [ is never closed.'],
  ['unclosed-object', 'unclosed-object', 271, 1, 'routes', 'An object opened with { is never closed.'],
  ['unexpected-form', 'unexpected-form', 91, 19, 'forms › contact › fields[0]', '"name" is "full name", which does not have the expected form.'],
  ['unknown-escape', 'unknown-escape', 169, 45, '/ › blocks[1] (cardGrid) › cards[0] › text', 'The text contains an unknown escape "\\&".'],
  ['value-expected', 'value-expected', 164, 22, '/ › blocks[1] (cardGrid) › heading', 'A value is missing here.'],
  ['bad-site-address', 'bad-site-address', 5, 12, 'site', '"url" is "https://www.example.com/", which is not the address of the site\'s home.'],
  ['bad-locale', 'bad-locale', 5, 15, 'site', '"locale" is "de_DE", which is not a language tag browsers understand.'],
  ['bad-date', 'bad-date', 228, 23, '/security_solutions › blocks[0] (blogArticles) › articles[0]', '"date" is "Late summer", which is not a date the site can read.'],
  ['missing-home-page', 'missing-home-page', 135, 3, 'routes', 'The site has no home page: no page has the path "/".'],
  [
    'reserved-address',
    'reserved-address',
    260,
    9,
    '/get-quote',
    'The address "/api/quote" belongs to the forms (/api/contact, /api/quote, /api/career), so a page there would never be shown.',
  ],
  [
    'shared-page-file',
    'shared-page-file',
    271,
    15,
    '/home',
    'The page "/home" and the page "/" would share one content file, page-data/page-home.js: the build names it after the address, with every / written as - and / itself as "home".',
  ],
  [
    'not-a-picture',
    'not-a-picture',
    205,
    22,
    '/about › blocks[1] (logoStrip) › logos[1]',
    'The file "/images/logos/sophos-saved-page.png" is in public/, but it is not a picture a browser can show: it is a web page (HTML), not a picture.',
  ],
  ['unknown-form-placeholder', 'unknown-form-placeholder', 88, 26, 'forms › contact', 'The contact form refers to "{fullname}", which is not one of "name".'],
  ['reserved-form-field', 'reserved-form-field', 82, 49, 'forms › contact › payload', 'The contact form sends a value named "website", a name the server keeps for itself.'],
  ['confirmation-without-email', 'confirmation-without-email', 82, 23, 'forms › contact', 'The contact form sends a confirmation, but sends no e-mail address to send it to.'],
  [
    'duplicate-form-field',
    'duplicate-form-field',
    97,
    19,
    'forms › contact › fields[1]',
    'The contact form has two fields named "name": the server could not tell their values apart.',
  ],
  ['bad-date-bound', 'bad-date-bound', 96, 81, 'forms › contact › fields[1]', '"earliest" is "tomorrow", which names no day.'],
  [
    'empty-date-range',
    'empty-date-range',
    96,
    81,
    'forms › contact › fields[1]',
    'The contact form\'s field "day" allows no day: its earliest (+60d) is after its latest (+1d), so every date would be refused.',
  ],
  [
    'date-rules-on-other-input',
    'date-rules-on-other-input',
    95,
    23,
    'forms › contact › fields[0]',
    'The contact form\'s field "name" is a text field, so its weekdays would never be checked: only a date field has days.',
  ],
  ['unknown-time-zone', 'unknown-time-zone', 11, 17, 'site', 'site.timeZone is "Asia/Kolkatta", which is not a time zone this system knows.'],
  ['two-file-fields', 'two-file-fields', 133, 57, 'forms › career › fields[2]', 'The career form has a second file field, "letter": a form takes at most one file.'],
  [
    'low-contrast',
    'low-contrast',
    8,
    22,
    'site › theme',
    'Accent text on light sections (eyebrows, figures, links: the accent’s shade 8 on the tinted background): a contrast of 3.28:1 (#1894a7 on #f1f5f9); text needs at least 4.5:1 to be read easily.',
  ],
  ['unknown-form', 'unknown-form', 144, 35, '/ › blocks[0] (form)', 'This form block shows the form "contcat", but the config declares only "contact", "quote" and "career".'],
  [
    'highlight-not-in-heading',
    'highlight-not-in-heading',
    192,
    24,
    '/about › blocks[0] (pageHero)',
    'The highlight "cyber systems" does not appear in the heading "About Eastbridge Cyber Systems", so no words of the heading are coloured.',
  ],
  [
    'translations-without-locales',
    'translations-without-locales',
    186,
    16,
    '/about',
    '"title" is written per language ("en" and "bn"), but the site has one language: site.locales does not name two or more.',
  ],
]

describe('the gallery of mistakes', () => {
  it('covers every broken fixture', () => {
    const files = fs.readdirSync(path.join(fixtures, 'broken')).map((name) => name.replace(/\.json$/, ''))
    expect(files.sort()).toEqual(gallery.map(([name]) => name).sort())
  })

  it('has a fixture for every code of the error catalogue', () => {
    const covered = new Set(gallery.map(([, code]) => code))
    const uncovered = allErrors.map((entry) => entry.code).filter((code) => !covered.has(code) && !(code in coveredElsewhere))
    expect(uncovered).toEqual([])
  })

  it.each(gallery)('%s → [%s] once', (name, code, line, column, where, message) => {
    const { problems, notices } = checkFixture(`broken/${name}.json`)
    const found = [...problems, ...notices].map(({ code, line, column, where, message }) => ({ code, line, column, where, message }))
    expect(found).toEqual([{ code, line, column, where, message }])
  })
})

describe('hints say what to do', () => {
  const hintOf = (name: string) => check(`broken/${name}.json`)[0]?.hint

  it('syntax errors', () => {
    expect(hintOf('trailing-comma')).toMatch(/^Remove the comma after the last item/)
    expect(hintOf('unclosed-string')).toBe('A text must start and end with " on the same line.')
    expect(hintOf('missing-opening-quote')).toBe('A text must start and end with ", e.g. "Endpoint".')
    expect(hintOf('missing-comma')).toBe('Put a comma after the value that ends on line 186.')
    expect(hintOf('comment')).toBe('Remove the comment (// … or /* … */).')
  })

  it('values', () => {
    expect(hintOf('wrong-value-type')).toBe('Remove the quotes: 20.')
    expect(hintOf('bad-email')).toBe('Write it like name@example.com.')
    expect(hintOf('bad-alias-form')).toMatch(/^It contains a space; use - or _ instead\. A page address starts with \//)
    expect(hintOf('missing-required-field')).toBe('"heading": Main heading of the page (the page\'s only h1).')
    expect(hintOf('misspelt-property')).toBe('Properties of pages: path, aliases, title, description, shareImage, layout, blocks.')
    expect(hintOf('unknown-icon')).toBe('Every icon is drawn with its name in docs/icons.md: pick one there.')
    expect(hintOf('bad-locale')).toMatch(/e\.g\. "en-IN", "de-DE" or "hi-IN".* Did you mean "de-DE"\?$/)
    expect(hintOf('bad-date-bound')).toMatch(/^Write today, a number of days from today \(\+1d: from tomorrow.* For example "\+1d"\.$/)
    expect(hintOf('unknown-time-zone')).toMatch(/Did you mean "Asia\/Kolkata"\?$/)
  })

  it('a value by a name the schema renamed is answered with its new name, in a config that says it is today’s format', () => {
    // Without "format", the old name makes it a config of an older format (config-formats.test.ts).
    const text = fs.readFileSync(path.resolve(import.meta.dirname, '../../site.config.json'), 'utf8').replace('{', `{\n  "format": ${currentFormat},`)
    const old = text.replace('"background": "circuit"', '"background": "infrastructure"')
    expect(old).not.toBe(text)
    const [problem, ...others] = validateConfigText(old, 'site.config.json')
    expect(others).toEqual([])
    expect(problem).toMatchObject({ code: 'not-allowed-value' })
    expect(problem?.message).toMatch(/— not "infrastructure"\. Did you mean "circuit"\?$/)
  })

  it('unknown and missing block types list the known ones, read from schemas/blocks/', () => {
    const blockTypes = fs.readdirSync(path.resolve(import.meta.dirname, '../../schemas/blocks')).map((file) => file.replace('.schema.json', ''))
    for (const name of ['misspelt-block-type', 'block-without-type']) {
      const hint = hintOf(name) ?? ''
      for (const type of blockTypes) expect(hint).toContain(type)
    }
  })

  it('references', () => {
    expect(hintOf('missing-image-file')).toBe('Save the file as public/images/logos/fortnet.svg or correct the path (letter case counts).')
    expect(hintOf('alias-clash')).toBe('An address may belong to one page only, whatever its letter case: change or remove one of the two.')
  })
})

describe('structured problems, for callers that show them per field (the visual editor)', () => {
  it('carry the catalogue code and the JSON pointer of the value besides line and column', () => {
    const [problem] = checkFixture('broken/unknown-icon.json').problems
    expect(problem).toMatchObject({ code: 'unknown-icon', pointer: '/routes/0/blocks/1/cards/0/icon', line: 167, column: 23, hint: expect.stringContaining('docs/icons.md') })
  })

  it('a missing property points at where it belongs; a syntax error at where the parser stopped', () => {
    expect(checkFixture('broken/route-without-title.json').problems[0]?.pointer).toBe('/routes/5/title')
    expect(checkFixture('broken/missing-comma.json').problems[0]?.pointer).toBe('/routes/1/description')
  })
})
