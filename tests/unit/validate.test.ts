/**
 * The gallery of mistakes: each file under tests/fixtures/broken/ is the valid base with one
 * mistake people make, and the checker must name it at the right spot in plain words.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { validateConfigText } from '../../scripts/lib/validation/index.ts'

const fixtures = path.resolve(import.meta.dirname, '../fixtures')
const publicDir = path.join(fixtures, 'public')

function check(file: string) {
  const text = fs.readFileSync(path.join(fixtures, file), 'utf8')
  return validateConfigText(text, path.basename(file), { publicDir })
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

// [fixture, line, column, where, message]
const gallery: Array<[string, number, number, string, string]> = [
  ['misspelt-block-type', 163, 19, '/ › blocks[1] (cardGird)', 'Unknown block type "cardGird". Did you mean "cardGrid"?'],
  ['block-without-type', 250, 9, '/contact › blocks[0]', 'This block has no "type", so the site cannot tell what to show.'],
  ['missing-required-field', 250, 9, '/contact › blocks[0] (pageHero)', 'This pageHero block is missing "heading" (required).'],
  ['route-without-title', 256, 5, '/get-quote', 'This page is missing "title" (required).'],
  ['wrong-value-type', 196, 30, '/about › blocks[1] (logoStrip)', '"durationSeconds" should be a number, but is the text "20".'],
  ['unknown-property', 192, 11, '/about › blocks[0] (pageHero)', 'This pageHero block has a property "subheading" that pageHero blocks do not use.'],
  ['misspelt-property', 187, 7, '/about', 'This page has a property "descripton" that pages do not use. Did you mean "description"?'],
  ['menu-dropdown-typo', 47, 9, 'navigation › items[2] "Services"', 'This dropdown menu has a property "itmes" that dropdown menus do not use. Did you mean "items"?'],
  ['bad-enum-value', 147, 25, '/ › blocks[0] (pageHero)', '"background" must be one of: navy, teal, violet, sunrise, slate, emerald — not "navvy". Did you mean "navy"?'],
  ['unknown-icon', 167, 23, '/ › blocks[1] (cardGrid) › cards[0]', 'Unknown icon "sheild-lock". Did you mean "shield-lock"?'],
  ['bad-email', 8, 14, 'site', '"email" is not a valid e-mail address: "info.example.com".'],
  ['bad-alias-form', 259, 9, '/get-quote', '"aliases[0]" is "/Get Quote", which is not a page address.'],
  ['empty-blocks', 218, 7, '/security_solutions', 'A page needs at least one block.'],
  ['too-many-buttons', 233, 11, '/security_solutions/endpoint_security › blocks[0] (pageHero)', '"actions" has 3 entries; at most 2 are allowed.'],
  ['duplicate-property', 267, 11, '/get-quote › blocks[0] (pageHero)', 'The property "heading" appears twice in this object; only this last one counts.'],
  ['link-to-missing-route', 154, 21, '/ › blocks[0] (pageHero) › actions[0]', 'The link "Get a Quote" leads to "/get-qoute", which is not a page of the site. Did you mean "/get-quote"?'],
  [
    'menu-link-to-missing-route',
    54,
    23,
    'navigation › items[2] "Services" › items[0] "Security Solutions" › items[0] "Endpoint Security"',
    'The menu entry "Endpoint Security" leads to "/security_solutions/endpoint_securty", which is not a page of the site. Did you mean "/security_solutions/endpoint_security"?',
  ],
  ['duplicate-path', 257, 15, '/contact', 'The address "/contact" is already used by the page /contact (as its path, at line 243, column 15).'],
  ['alias-clash', 260, 9, '/get-quote', 'The address "/Contact" is already used by the page /contact (as its path "/contact", at line 243, column 15).'],
  ['missing-image-file', 199, 22, '/about › blocks[1] (logoStrip) › logos[0]', 'The picture "/images/logos/fortnet.svg" does not exist in public/. Did you mean "/images/logos/fortinet.svg"?'],
  ['trailing-comma', 149, 75, '/ › blocks[0] (pageHero) › paragraphs[0]', 'There is a comma after the last item of this list.'],
  ['unclosed-string', 164, 22, '/ › blocks[1] (cardGrid) › heading', 'This text is never closed: its closing " is missing.'],
  ['missing-opening-quote', 226, 16, '/security_solutions/endpoint_security › title', 'Unexpected word Endpoint: a text without quotes.'],
  ['missing-comma', 187, 7, '/about › description', 'A comma is missing before this.'],
  ['comment', 4, 5, 'site', 'Comments are not allowed: this file is JSON, which has no comments.'],
]

describe('the gallery of mistakes', () => {
  it('covers every broken fixture', () => {
    const files = fs.readdirSync(path.join(fixtures, 'broken')).map((name) => name.replace(/\.json$/, ''))
    expect(files.sort()).toEqual(gallery.map(([name]) => name).sort())
  })

  it.each(gallery)('%s → one problem at %i:%i', (name, line, column, where, message) => {
    const problems = check(`broken/${name}.json`)
    expect(problems.map(({ line, column, where, message }) => ({ line, column, where, message }))).toEqual([{ line, column, where, message }])
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
    expect(hintOf('misspelt-property')).toBe('Properties of pages: path, aliases, title, description, layout, blocks.')
    expect(hintOf('unknown-icon')).toMatch(/schemas\/defs\/icon\.schema\.json/)
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
