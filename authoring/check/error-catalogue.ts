import { describeValue, expectedTypeWords, languageWords, listWords, quote } from './value-words.ts'
import { MINIMUM_TEXT_CONTRAST, ratioWords } from '../../site/theme-contrast.ts'

/**
 * Every problem `npm run validate` can report: its stable code, its words and its fix, in one
 * place (after Astro's errors-data.ts). The checks decide *that* something is wrong and pass the
 * facts; only this file decides *how it is said*. docs/errors.md is generated from it
 * (`npm run docs:errors`), and tests/fixtures/broken/ holds a config that triggers each code.
 *
 * One file on purpose, although it is longer than the usual ~250 lines: a reader looking for a
 * message, or a translator, finds all of them here. The `example` of each entry is for the
 * documentation only: the smallest broken snippet and its fixed form.
 */
/**
 * syntax: the file is not JSON; structure: unknown block types and missing required properties
 * (the things that make a page not render at all); value: any other schema mismatch;
 * reference: links, duplicate addresses and files that the schema cannot see.
 */
export type ProblemKind = 'syntax' | 'structure' | 'value' | 'reference'

export interface ErrorData<Code extends string, Params> {
  /** Stable: shown as `[code]`, the heading in docs/errors.md; never rename one. */
  code: Code
  /** Heading words in docs/errors.md. */
  title: string
  kind: ProblemKind
  /** A notice is worth reading but does not fail the check (e.g. probably pasted quotes). */
  severity?: 'notice'
  message: (params: Params) => string
  /** What to do about it; absent when the message already says it. */
  hint?: (params: Params) => string | undefined
  example: { broken: string; fixed: string }
}

function define<Code extends string, Params = Record<string, never>>(data: ErrorData<Code, Params>): ErrorData<Code, Params> {
  return data
}

/** ` Did you mean "x"?` or nothing. */
const guessWords = (guess: string | undefined) => (guess === undefined ? '' : ` Did you mean "${guess}"?`)

export const errorCatalogue = {
  // ── The file is not JSON (the checker stops reading at the first of most of these) ──────
  curlyQuotes: define({
    code: 'curly-quotes',
    title: 'Curly quotes used as JSON quotes',
    kind: 'syntax',
    message: ({ excerpt, count }: { excerpt: string; count: number; total: number }) =>
      `${count === 1 ? 'This quote is curly' : 'These quotes are curly'}; JSON needs straight quotes " — replace ${count === 1 ? 'it' : 'them'}: ${excerpt}`,
    hint: ({ total }) =>
      `Pasting from a word processor makes quotes curly. \`npm run validate -- --fix-quotes\` straightens ${total === 1 ? 'it' : `all ${total} in this file`} and leaves quotes inside texts alone.`,
    example: { broken: '{ “icon”: “network”, "title": "Zero Trust" }', fixed: '{ "icon": "network", "title": "Zero Trust" }' },
  }),
  trailingComma: define({
    code: 'trailing-comma',
    title: 'A comma after the last item',
    kind: 'syntax',
    message: ({ inObject }: { inObject: boolean }) => `There is a comma after the last ${inObject ? 'property of this object' : 'item of this list'}.`,
    hint: () => 'Remove the comma after the last item: JSON does not allow a comma before } or ].',
    example: { broken: '"paragraphs": [\n  "First paragraph.",\n]', fixed: '"paragraphs": [\n  "First paragraph."\n]' },
  }),
  missingComma: define({
    code: 'missing-comma',
    title: 'A comma is missing',
    kind: 'syntax',
    message: ({ before, after }: { before?: string; after?: string; lineBefore?: number }) =>
      before && after ? `A comma is missing between ${before} and ${after}.` : 'A comma is missing before this.',
    hint: ({ lineBefore }) => (lineBefore ? `Put a comma after the value that ends on line ${lineBefore}.` : 'Separate items with commas.'),
    example: { broken: '"title": "Zero Trust"\n"description": "…"', fixed: '"title": "Zero Trust",\n"description": "…"' },
  }),
  comment: define({
    code: 'comment',
    title: 'A comment',
    kind: 'syntax',
    message: () => 'Comments are not allowed: this file is JSON, which has no comments.',
    hint: () => 'Remove the comment (// … or /* … */).',
    example: { broken: '"name": "Eastbridge", // our name', fixed: '"name": "Eastbridge",' },
  }),
  unclosedText: define({
    code: 'unclosed-text',
    title: 'A text is never closed',
    kind: 'syntax',
    message: () => 'This text is never closed: its closing " is missing.',
    hint: () => 'A text must start and end with " on the same line.',
    example: { broken: '"heading": "What we do,', fixed: '"heading": "What we do",' },
  }),
  singleQuotes: define({
    code: 'single-quotes',
    title: 'Single quotes',
    kind: 'syntax',
    message: ({ word }: { word: string }) => `${word} uses single quotes.`,
    hint: () => 'Texts and property names use double quotes: "…".',
    example: { broken: "'heading': 'Contact Us'", fixed: '"heading": "Contact Us"' },
  }),
  capitalisedKeyword: define({
    code: 'capitalised-keyword',
    title: 'True, False or Null with a capital letter',
    kind: 'syntax',
    message: ({ word }: { word: string }) => `"${word}" is not a JSON value.`,
    hint: ({ word }) => `Write ${word.toLowerCase()} in lowercase.`,
    example: { broken: '"required": True', fixed: '"required": true' },
  }),
  unquotedText: define({
    code: 'unquoted-text',
    title: 'A text without quotes',
    kind: 'syntax',
    message: ({ word }: { word: string }) => `Unexpected word ${word}: a text without quotes.`,
    hint: ({ word }) => `A text must start and end with ", e.g. "${word.replace(/["“”‘’]/g, '')}".`,
    example: { broken: '"title": Endpoint Security,', fixed: '"title": "Endpoint Security",' },
  }),
  missingColon: define({
    code: 'missing-colon',
    title: 'A colon is missing',
    kind: 'syntax',
    message: () => 'A ":" is missing between the property name and its value.',
    hint: () => 'Write it as "name": value.',
    example: { broken: '"heading" "Contact Us"', fixed: '"heading": "Contact Us"' },
  }),
  propertyNameExpected: define({
    code: 'property-name-expected',
    title: 'A property name was expected',
    kind: 'syntax',
    message: () => 'A property name in double quotes was expected here.',
    hint: () => 'Write properties as "name": value, with the name in double quotes.',
    example: { broken: '{ heading: "Contact Us" }', fixed: '{ "heading": "Contact Us" }' },
  }),
  valueExpected: define({
    code: 'value-expected',
    title: 'A value is missing',
    kind: 'syntax',
    message: () => 'A value is missing here.',
    hint: () => 'Write a text in "…", a number, true or false, a list [ … ] or an object { … }.',
    example: { broken: '"heading": ,', fixed: '"heading": "Contact Us",' },
  }),
  emptyFile: define({
    code: 'empty-file',
    title: 'The file is empty',
    kind: 'syntax',
    message: () => 'The file is empty.',
    hint: () => 'The configuration starts with { and ends with }.',
    example: { broken: '', fixed: '{ "site": { … }, "navigation": { … }, "footer": { … }, "forms": { … }, "routes": [ … ] }' },
  }),
  unclosedObject: define({
    code: 'unclosed-object',
    title: 'An object is never closed',
    kind: 'syntax',
    message: () => 'An object opened with { is never closed.',
    hint: () => 'Add the missing } — every { needs a matching }.',
    example: { broken: '"blocks": [\n  { "type": "placeholder"\n]', fixed: '"blocks": [\n  { "type": "placeholder" }\n]' },
  }),
  unclosedList: define({
    code: 'unclosed-list',
    title: 'A list is never closed',
    kind: 'syntax',
    message: () => 'A list opened with [ is never closed.',
    hint: () => 'Add the missing ] — every [ needs a matching ].',
    example: { broken: '"paragraphs": [ "One.", "Two." }', fixed: '"paragraphs": [ "One.", "Two." ] }' },
  }),
  textAfterEnd: define({
    code: 'text-after-end',
    title: 'Text after the end of the configuration',
    kind: 'syntax',
    message: () => 'There is more text after the end of the configuration.',
    hint: () => 'A } or ] above closes the configuration too early, or this is left over: check the brackets before it.',
    example: { broken: '{ "site": { … } }\n}', fixed: '{ "site": { … } }' },
  }),
  badNumber: define({
    code: 'bad-number',
    title: 'A number JSON does not understand',
    kind: 'syntax',
    message: ({ found }: { found: string }) => `"${found}" is not a number JSON understands.`,
    hint: () => 'Write numbers like 42 or 3.5: no leading zeros, units, spaces or + sign. Put anything else in "…".',
    example: { broken: '"durationSeconds": 020', fixed: '"durationSeconds": 20' },
  }),
  unknownEscape: define({
    code: 'unknown-escape',
    title: 'An unknown backslash escape',
    kind: 'syntax',
    message: ({ found }: { found: string }) => `The text contains an unknown escape "${found}".`,
    hint: () => 'Inside a text write a backslash as \\\\ and a double quote as \\".',
    example: { broken: '"text": "C:\\files"', fixed: '"text": "C:\\\\files"' },
  }),
  badUnicodeEscape: define({
    code: 'bad-unicode-escape',
    title: 'A broken \\u escape',
    kind: 'syntax',
    message: () => 'A \\u escape must be followed by four hexadecimal digits.',
    hint: () => 'Type the character itself instead, e.g. é.',
    example: { broken: '"text": "caf\\u00e"', fixed: '"text": "café"' },
  }),
  controlCharacter: define({
    code: 'control-character',
    title: 'A tab or invisible character inside a text',
    kind: 'syntax',
    message: () => 'The text contains a tab or another invisible control character.',
    hint: () => 'Replace tabs with spaces; write a line break inside a text as \\n.',
    example: { broken: '"text": "One<TAB>two"', fixed: '"text": "One two"' },
  }),

  // ── Shapes the schemas do not allow ───────────────────────────────────────────────────────
  unknownBlockType: define({
    code: 'unknown-block-type',
    title: 'Unknown block type',
    kind: 'structure',
    message: ({ type, guess }: { type: string; guess?: string; types: string[] }) => `Unknown block type ${quote(type)}.${guessWords(guess)}`,
    hint: ({ types }) => `Known types: ${types.join(', ')}.`,
    example: { broken: '{ "type": "cardGird", … }', fixed: '{ "type": "cardGrid", … }' },
  }),
  blockTypeNotText: define({
    code: 'block-type-not-text',
    title: 'A block type that is not a text',
    kind: 'structure',
    message: ({ tag, value }: { tag: string; value: unknown; types: string[] }) => `The block's "${tag}" should be a text, but is ${JSON.stringify(value)}.`,
    hint: ({ types }) => `Known types: ${types.join(', ')}.`,
    example: { broken: '{ "type": 5 }', fixed: '{ "type": "placeholder" }' },
  }),
  blockWithoutType: define({
    code: 'block-without-type',
    title: 'A block without a type',
    kind: 'structure',
    message: (_: { types: string[] }) => 'This block has no "type", so the site cannot tell what to show.',
    hint: ({ types }) => `Add "type" with one of: ${types.join(', ')}.`,
    example: { broken: '{ "heading": "Contact Us" }', fixed: '{ "type": "pageHero", "heading": "Contact Us" }' },
  }),
  missingProperty: define({
    code: 'missing-property',
    title: 'A required property is missing',
    kind: 'structure',
    message: ({ subject, missing }: { subject: string; missing: string[]; description?: string }) => `${subject} is missing ${listWords(missing)} (required).`,
    hint: ({ missing, description }) => (missing.length === 1 && description ? `"${missing[0]}": ${description}` : undefined),
    example: { broken: '{ "type": "ctaBand", "text": "…" }', fixed: '{ "type": "ctaBand", "heading": "Ready to talk?", "text": "…" }' },
  }),
  unknownProperty: define({
    code: 'unknown-property',
    title: 'A property this object does not use',
    kind: 'value',
    message: ({ subject, plural, name, guess }: { subject: string; plural?: string; name: string; guess?: string; known: string[] }) =>
      plural ? `${subject} has a property "${name}" that ${plural} do not use.${guessWords(guess)}` : `${subject} has no property "${name}".${guessWords(guess)}`,
    hint: ({ plural, known }) => (known.length ? `${plural ? `Properties of ${plural}` : 'Its properties'}: ${known.join(', ')}.` : undefined),
    example: { broken: '{ "path": "/about", "descripton": "Our story." }', fixed: '{ "path": "/about", "description": "Our story." }' },
  }),
  wrongType: define({
    code: 'wrong-type',
    title: 'A value of the wrong kind',
    kind: 'value',
    message: ({ name, expected, value }: { name: string; expected: unknown; value: unknown; fix?: string }) =>
      `${name} should be ${expectedTypeWords(expected)}, but is ${describeValue(value)}.`,
    hint: ({ fix }) => fix,
    example: { broken: '"durationSeconds": "20"', fixed: '"durationSeconds": 20' },
  }),
  notABlock: define({
    code: 'not-a-block',
    title: 'A block that is not an object',
    kind: 'value',
    message: ({ name, value }: { name: string; value: unknown }) => `${name} should be a block { "type": … }, but is ${describeValue(value)}.`,
    hint: ({ value }) =>
      typeof value === 'string'
        ? `Write it as { "type": ${JSON.stringify(value)} } with the block's properties.`
        : 'A block is an object with a "type" and the properties of that type.',
    example: { broken: '"blocks": [ "placeholder" ]', fixed: '"blocks": [ { "type": "placeholder" } ]' },
  }),
  notAllowedValue: define({
    code: 'not-allowed-value',
    title: 'A value that is not one of the choices',
    kind: 'value',
    message: ({ name, value, options, guess }: { name: string; value: unknown; options: string[]; guess?: string }) =>
      options.length > 12 ? `${name} cannot be ${quote(value)}.${guessWords(guess)}` : `${name} must be one of: ${options.join(', ')} — not ${quote(value)}.${guessWords(guess)}`,
    hint: ({ options }) => (options.length > 12 ? `Allowed: ${options.slice(0, 12).join(', ')}, …` : undefined),
    example: { broken: '"background": "navvy"', fixed: '"background": "navy"' },
  }),
  unknownIcon: define({
    code: 'unknown-icon',
    title: 'Unknown icon',
    kind: 'value',
    message: ({ value, guess }: { value: unknown; guess?: string }) => `Unknown icon ${quote(value)}.${guessWords(guess)}`,
    hint: () => 'Every icon is drawn with its name in docs/icons.md: pick one there.',
    example: { broken: '"icon": "sheild-lock"', fixed: '"icon": "shield-lock"' },
  }),
  badEmail: define({
    code: 'bad-email',
    title: 'Not an e-mail address',
    kind: 'value',
    message: ({ name, value }: { name: string; value: unknown }) => `${name} is not a valid e-mail address: ${quote(value)}.`,
    hint: () => 'Write it like name@example.com.',
    example: { broken: '"email": "info.example.com"', fixed: '"email": "info@example.com"' },
  }),
  badWebAddress: define({
    code: 'bad-web-address',
    title: 'Not a complete web address',
    kind: 'value',
    message: ({ name, value }: { name: string; value: unknown }) => `${name} is not a complete web address: ${quote(value)}.`,
    hint: () => 'Write the full address, starting with https://.',
    example: { broken: '"url": "www.example.com"', fixed: '"url": "https://www.example.com"' },
  }),
  badPageAddress: define({
    code: 'bad-page-address',
    title: 'Not a page address',
    kind: 'value',
    message: ({ name, value }: { name: string; value: string; fault: string }) => `${name} is ${JSON.stringify(value)}, which is not a page address.`,
    hint: ({ fault }) =>
      `${fault}A page address starts with /, uses only letters, digits, - and _ between single slashes and has no / at the end, e.g. /security_solutions/zero_trust.`,
    example: { broken: '"aliases": ["/Get Quote"]', fixed: '"aliases": ["/Get-Quote"]' },
  }),
  badLinkTarget: define({
    code: 'bad-link-target',
    title: 'A link that leads nowhere',
    kind: 'value',
    message: ({ name, value }: { name: string; value: string }) => `${name} is ${JSON.stringify(value)}, which is neither a page of the site nor a web, mail or phone address.`,
    hint: ({ value }) =>
      /^www\./i.test(value)
        ? `Write the full web address: "https://${value}".`
        : 'Links to pages start with / (e.g. /get-quote); other links start with https://, mailto: or tel:.',
    example: { broken: '"to": "get-quote"', fixed: '"to": "/get-quote"' },
  }),
  notAPage: define({
    code: 'not-a-page',
    title: 'A menu entry that is not a page of the site',
    kind: 'value',
    message: ({ name, value }: { name: string; value: string }) => `${name} is ${JSON.stringify(value)}, which is not a page of the site.`,
    hint: () => 'It must be a page address starting with /, e.g. /security_solutions.',
    example: { broken: '"to": "https://example.com/security"', fixed: '"to": "/security_solutions"' },
  }),
  badSiteAddress: define({
    code: 'bad-site-address',
    title: "Not the address of the site's home",
    kind: 'value',
    message: ({ name, value }: { name: string; value: string; fault: string }) => `${name} is ${JSON.stringify(value)}, which is not the address of the site's home.`,
    hint: ({ fault }) => `${fault}Write https:// and the host name only, e.g. "https://www.example.com": canonical links and the sitemap add each page's path to it.`,
    example: { broken: '"url": "https://www.example.com/"', fixed: '"url": "https://www.example.com"' },
  }),
  badLocale: define({
    code: 'bad-locale',
    title: 'Not a language tag',
    kind: 'value',
    message: ({ name, value }: { name: string; value: string; guess?: string }) => `${name} is ${JSON.stringify(value)}, which is not a language tag browsers understand.`,
    hint: ({ guess }) =>
      `Write a BCP 47 language tag: the language, then a hyphen and the country, e.g. "en-IN", "de-DE" or "hi-IN" (or the language alone, "en"). It sets the language of every page and how numbers and dates are written.${guessWords(guess)}`,
    example: { broken: '"locale": "de_DE"', fixed: '"locale": "de-DE"' },
  }),
  badDate: define({
    code: 'bad-date',
    title: 'A date the site cannot read',
    kind: 'value',
    message: ({ name, value, daysInMonth }: { name: string; value: string; daysInMonth?: { month: string; days: number } }) =>
      daysInMonth
        ? `${name} is ${JSON.stringify(value)}, but ${daysInMonth.month} has ${daysInMonth.days} days.`
        : `${name} is ${JSON.stringify(value)}, which is not a date the site can read.`,
    hint: ({ daysInMonth }) =>
      daysInMonth
        ? 'Correct the day.'
        : 'Write a month and year, e.g. "August 2024", or a day, month and year, e.g. "12 August 2024", with the month in English and in full: search engines get it as 2024-08 or 2024-08-12.',
    example: { broken: '"date": "Late summer"', fixed: '"date": "August 2024"' },
  }),
  badPicturePath: define({
    code: 'bad-picture-path',
    title: 'Not the path of a picture',
    kind: 'value',
    message: ({ name, value }: { name: string; value: string; fault: string; extensions: string[] }) =>
      `${name} is ${JSON.stringify(value)}, which is not the path of a picture in public/.`,
    hint: ({ fault, extensions }) =>
      `${fault}Write the path of a file under public/, starting with / and ending in ${extensions.map((ext) => '.' + ext).join(', ')}, e.g. /images/logos/fortinet.svg.`,
    example: { broken: '"src": "public/images/partners/fortinet.svg"', fixed: '"src": "/images/partners/fortinet.svg"' },
  }),
  badSlug: define({
    code: 'bad-slug',
    title: 'A name with letters other than a-z, 0-9 and -',
    kind: 'value',
    message: ({ name, value }: { name: string; value: string; suggestion: string | undefined; description?: string }) =>
      `${name} is ${JSON.stringify(value)}; it may only contain lowercase letters, digits and -.`,
    hint: ({ suggestion, description }) => (suggestion ? `For example "${suggestion}".` : description),
    example: { broken: '"id": "Our Team"', fixed: '"id": "our-team"' },
  }),
  unexpectedForm: define({
    code: 'unexpected-form',
    title: 'A text that does not have the expected form',
    kind: 'value',
    message: ({ name, value }: { name: string; value: string; description?: string }) => `${name} is ${JSON.stringify(value)}, which does not have the expected form.`,
    hint: ({ description }) => description,
    example: { broken: '"name": "full name"', fixed: '"name": "fullName"' },
  }),
  emptyText: define({
    code: 'empty-text',
    title: 'An empty text',
    kind: 'value',
    message: ({ name }: { name: string; description?: string }) => `${name} is empty.`,
    hint: ({ description }) => description ?? 'Write a text here.',
    example: { broken: '"heading": ""', fixed: '"heading": "Contact Us"' },
  }),
  textTooShort: define({
    code: 'text-too-short',
    title: 'A text that is too short',
    kind: 'value',
    message: ({ name, limit }: { name: string; limit: number; description?: string }) => `${name} is too short: it needs at least ${limit} characters.`,
    hint: ({ description }) => description,
    example: { broken: '"phone": "123"', fixed: '"phone": "+91 33 4000 1234"' },
  }),
  textTooLong: define({
    code: 'text-too-long',
    title: 'A text that is too long',
    kind: 'value',
    message: ({ name, length, limit }: { name: string; length: number; limit: number; description?: string }) => `${name} is ${length} characters long; at most ${limit} fit.`,
    hint: ({ description }) => description,
    example: { broken: '"description": "A very long description … (200 characters)"', fixed: '"description": "Security solutions for every layer."' },
  }),
  pageWithoutBlocks: define({
    code: 'page-without-blocks',
    title: 'A page without blocks',
    kind: 'value',
    message: () => 'A page needs at least one block.',
    hint: () => 'Add a block to "blocks", e.g. { "type": "placeholder" } while the page is being written.',
    example: { broken: '"blocks": []', fixed: '"blocks": [ { "type": "placeholder" } ]' },
  }),
  emptyList: define({
    code: 'empty-list',
    title: 'An empty list that needs entries',
    kind: 'value',
    message: ({ name }: { name: string; description?: string }) => `${name} is an empty list; it needs at least one entry.`,
    hint: ({ description }) => description,
    example: { broken: '"paragraphs": []', fixed: '"paragraphs": [ "One paragraph." ]' },
  }),
  tooFewEntries: define({
    code: 'too-few-entries',
    title: 'A list with too few entries',
    kind: 'value',
    message: ({ name, limit }: { name: string; limit: number; description?: string }) => `${name} needs at least ${limit} entries.`,
    hint: ({ description }) => description,
    example: { broken: '"steps": [ { … } ]', fixed: '"steps": [ { … }, { … } ]' },
  }),
  tooManyEntries: define({
    code: 'too-many-entries',
    title: 'A list with too many entries',
    kind: 'value',
    message: ({ name, count, limit }: { name: string; count: number; limit: number; description?: string }) => `${name} has ${count} entries; at most ${limit} are allowed.`,
    hint: ({ description }) => description,
    example: { broken: '"actions": [ { … }, { … }, { … } ]', fixed: '"actions": [ { … }, { … } ]' },
  }),
  outOfRange: define({
    code: 'out-of-range',
    title: 'A number that is too small or too large',
    kind: 'value',
    message: ({ name, bound, value }: { name: string; bound: string; value: unknown; description?: string }) => `${name} must be ${bound}, but is ${describeValue(value)}.`,
    hint: ({ description }) => description,
    example: { broken: '"durationSeconds": 2', fixed: '"durationSeconds": 20' },
  }),
  invalidValue: define({
    code: 'invalid-value',
    title: 'A value the schema does not allow',
    kind: 'value',
    message: ({ name }: { name: string; description?: string }) => `${name} is not valid here.`,
    hint: ({ description }) => description,
    example: { broken: '(a value breaking a rule no other code covers)', fixed: "(the value as the property's description asks)" },
  }),
  partNotInText: define({
    code: 'highlight-not-in-heading',
    title: 'A highlight that is not part of its heading',
    kind: 'value',
    message: ({ part, whole, value, text }: { part: string; whole: string; value: string; text: string; guess?: string }) =>
      `The ${part} ${quote(value)} does not appear in the ${whole} ${quote(text)}, so no words of the ${whole} are coloured.`,
    hint: ({ part, whole, guess }) =>
      guess === undefined
        ? `Write words of the ${whole} exactly as they are there, or leave out the ${part}.`
        : `Letter case counts: write it as the ${whole} has it, ${JSON.stringify(guess)}.`,
    example: { broken: '"heading": "Zero Trust Security", "highlight": "Zero-Trust"', fixed: '"heading": "Zero Trust Security", "highlight": "Zero Trust"' },
  }),
  duplicateProperty: define({
    code: 'duplicate-property',
    title: 'A property written twice',
    kind: 'value',
    message: ({ name }: { name: string; firstLine: number }) => `The property "${name}" appears twice in this object; only this last one counts.`,
    hint: ({ firstLine }) => `The first one is on line ${firstLine}. Remove one of them.`,
    example: { broken: '{ "heading": "Quote", "heading": "Get a Quote" }', fixed: '{ "heading": "Get a Quote" }' },
  }),

  lowContrast: define({
    code: 'low-contrast',
    title: 'Theme colours that make text hard to read',
    kind: 'value',
    message: ({
      use,
      text,
      background,
      ratio,
    }: {
      use: string
      text: string
      background: string
      ratio: number
      name: string
      value: string
      fix?: { colour: string; ratio: number }
    }) => `${use}: a contrast of ${ratioWords(ratio)} (${text} on ${background}); text needs at least ${MINIMUM_TEXT_CONTRAST}:1 to be read easily.`,
    hint: ({ name, value, fix }) =>
      fix
        ? `Choose a darker ${name}: ${fix.colour}, a darker shade of ${value}, reaches ${ratioWords(fix.ratio)}.`
        : `Choose a darker ${name}: even the darkest shades of ${value} stay below ${MINIMUM_TEXT_CONTRAST}:1 here.`,
    example: { broken: '"theme": { "primaryColor": "#5c7cfa", "accentColor": "#0891b2" }', fixed: '"theme": { "primaryColor": "#4e69d5", "accentColor": "#0891b2" }' },
  }),

  formsFixedWhenPublishing: define({
    code: 'forms-need-a-deploy',
    title: 'A change to the forms, published from the editor',
    kind: 'value',
    message: ({ name }: { name: string }) =>
      `The form "${name}" differs from the one the running server was started with: a server checks and mails each form as it was when it started, so a change to the forms cannot be published from the editor.`,
    hint: () =>
      'Undo the change to the forms to publish the rest. To change a form, download the config (Versions › Download), hand it to whoever deploys the site: a new build and restart takes it.',
    example: { broken: '(a form field added in the editor on the live site)', fixed: '(the same change, deployed with a new build)' },
  }),

  // ── Things only the whole site can tell: links, addresses, files ────────────────────────
  duplicateAddress: define({
    code: 'duplicate-address',
    title: 'Two pages with one address',
    kind: 'reference',
    message: ({
      spelling,
      earlierPage,
      earlierKind,
      earlierSpelling,
      line,
      column,
    }: {
      spelling: string
      earlierPage: string
      earlierKind: string
      earlierSpelling?: string
      line: number
      column: number
    }) =>
      `The address "${spelling}" is already used by the page ${earlierPage} (as its ${earlierKind}${earlierSpelling ? ` "${earlierSpelling}"` : ''}, at line ${line}, column ${column}).`,
    hint: () => 'An address may belong to one page only, whatever its letter case: change or remove one of the two.',
    example: { broken: '{ "path": "/contact", … }, { "path": "/Contact", … }', fixed: '{ "path": "/contact", … }, { "path": "/contact-sales", … }' },
  }),
  missingHomePage: define({
    code: 'missing-home-page',
    title: 'No home page',
    kind: 'reference',
    message: () => 'The site has no home page: no page has the path "/".',
    hint: () => 'The logo in the header and the 404 page lead to "/", and so do visitors who type the bare address: give the main page "path": "/".',
    example: { broken: '"routes": [{ "path": "/welcome", … }, { "path": "/about", … }]', fixed: '"routes": [{ "path": "/", … }, { "path": "/about", … }]' },
  }),
  brokenLink: define({
    code: 'broken-link',
    title: 'A link to a page that does not exist',
    kind: 'reference',
    message: ({ what, label, to, guess }: { what: 'link' | 'menu entry' | 'footer link'; label?: string; to: string; guess?: string }) =>
      `The ${what}${label ? ` "${label}"` : ''} leads to "${to}", which is not a page of the site.${guessWords(guess)}`,
    hint: () => 'Use the path or an alias of a page in "routes", or add a page with this path.',
    example: { broken: '{ "label": "Get a Quote", "to": "/get-qoute" }', fixed: '{ "label": "Get a Quote", "to": "/get-quote" }' },
  }),
  unknownForm: define({
    code: 'unknown-form',
    title: 'A form block naming a form that is not declared',
    kind: 'reference',
    message: ({ form, declared }: { form: string; declared: string[]; guess?: string }) =>
      `This form block shows the form "${form}", but ${declared.length > 0 ? `the config declares only ${listWords(declared)}` : 'the config declares no forms'}.`,
    hint: ({ guess }) => `Name one of the forms under "forms", or declare this one there (its fields, texts and mail).${guessWords(guess)}`,
    example: { broken: '{ "type": "form", "form": "contcat", "title": "Write to us" }', fixed: '{ "type": "form", "form": "contact", "title": "Write to us" }' },
  }),
  duplicateFormField: define({
    code: 'duplicate-form-field',
    title: 'Two fields of one form with the same name',
    kind: 'reference',
    message: ({ form, field }: { form: string; field: string }) => `The ${form} form has two fields named "${field}": the server could not tell their values apart.`,
    hint: () => 'Give each field of a form its own name.',
    example: { broken: '{ "name": "phone", … }, { "name": "phone", … }', fixed: '{ "name": "phone", … }, { "name": "mobile", … }' },
  }),
  reservedFormField: define({
    code: 'reserved-form-field',
    title: 'A form field with a name the server keeps for itself',
    kind: 'reference',
    message: ({ form, field }: { form: string; field: string; reserved: string[] }) => `The ${form} form sends a value named "${field}", a name the server keeps for itself.`,
    hint: ({ reserved }) => `Choose another name: ${listWords(reserved)} are the spam checks' and the API's own.`,
    example: { broken: '{ "name": "website", "label": "Your website", "input": "text" }', fixed: '{ "name": "homepage", "label": "Your website", "input": "text" }' },
  }),
  twoFileFields: define({
    code: 'two-file-fields',
    title: 'A form with more than one file field',
    kind: 'reference',
    message: ({ form, field }: { form: string; field: string }) => `The ${form} form has a second file field, "${field}": a form takes at most one file.`,
    hint: () => 'Keep one file field, or ask for the second file in another form.',
    example: { broken: '{ "name": "cv", "input": "file", … }, { "name": "letter", "input": "file", … }', fixed: '{ "name": "cv", "input": "file", … }' },
  }),
  unknownFormName: define({
    code: 'unknown-form-placeholder',
    title: 'A form text or mapping naming a field the form does not have',
    kind: 'reference',
    message: ({ form, name, known }: { form: string; name: string; known: string[]; kind: 'field' | 'key' | 'sent'; guess?: string }) =>
      `The ${form} form refers to "${name}", which is not ${known.length > 0 ? `one of ${listWords(known)}` : 'a name it has'}.`,
    hint: ({ kind, guess }) =>
      `${
        kind === 'field'
          ? 'A {placeholder} names a field of the form.'
          : kind === 'sent'
            ? "A {placeholder} of the confirmation names a key the form sends (a field, or a key of payload), and is replaced by the visitor's value."
            : 'subjectField and the mail labels name a key the form sends (a field, or a key of payload).'
      }${guessWords(guess)}`,
    example: { broken: '"fallbackSubject": "Contact form: {fullname}"', fixed: '"fallbackSubject": "Contact form: {name}"' },
  }),
  confirmationWithoutEmail: define({
    code: 'confirmation-without-email',
    title: 'A confirmation mail from a form that asks for no e-mail address',
    kind: 'reference',
    message: ({ form }: { form: string }) => `The ${form} form sends a confirmation, but sends no e-mail address to send it to.`,
    hint: () => 'The confirmation goes to the first e-mail field the form sends: add one (input "email"), or remove confirmation.',
    example: {
      broken: '"confirmation": { "subject": "Thank you", "text": "…" }, "fields": [{ "name": "name", "input": "text", … }]',
      fixed: '"confirmation": { "subject": "Thank you", "text": "…" }, "fields": [{ "name": "name", "input": "text", … }, { "name": "email", "input": "email", … }]',
    },
  }),
  badDateBound: define({
    code: 'bad-date-bound',
    title: "A date field's earliest or latest that names no day",
    kind: 'value',
    message: ({ name, value, fault }: { name: string; value: string; fault: string; suggestion?: string }) => `${name} is ${JSON.stringify(value)}, which names no day${fault}.`,
    hint: ({ suggestion }) =>
      `Write today, a number of days from today (+1d: from tomorrow, +90d: within 90 days, -7d: a week ago), or a day as YYYY-MM-DD (2026-12-24).${suggestion ? ` For example "${suggestion}".` : ''}`,
    example: { broken: '"earliest": "tomorrow"', fixed: '"earliest": "+1d"' },
  }),
  emptyDateRange: define({
    code: 'empty-date-range',
    title: 'A date field whose earliest is after its latest',
    kind: 'value',
    message: ({ form, field, earliest, latest }: { form: string; field: string; earliest: string; latest: string }) =>
      `The ${form} form's field "${field}" allows no day: its earliest (${earliest}) is after its latest (${latest}), so every date would be refused.`,
    hint: () => 'Swap the two, or move one of them.',
    example: { broken: '"earliest": "+60d", "latest": "+1d"', fixed: '"earliest": "+1d", "latest": "+60d"' },
  }),
  dateRulesOnOtherInput: define({
    code: 'date-rules-on-other-input',
    title: 'earliest, latest or weekdays on a field that is not a date',
    kind: 'value',
    message: ({ form, field, rule, input }: { form: string; field: string; rule: string; input: string }) =>
      `The ${form} form's field "${field}" is a ${input} field, so its ${rule} would never be checked: only a date field has days.`,
    hint: () => 'Make the field a date field (input "date"), or remove the rule.',
    example: { broken: '{ "name": "note", "input": "text", "earliest": "+1d" }', fixed: '{ "name": "day", "input": "date", "earliest": "+1d" }' },
  }),
  unknownTimeZone: define({
    code: 'unknown-time-zone',
    title: 'A time zone that does not exist',
    kind: 'value',
    message: ({ value }: { value: string; guess?: string }) => `site.timeZone is ${JSON.stringify(value)}, which is not a time zone this system knows.`,
    hint: ({ guess }) => `Name it as the IANA time zone database does: a region and a city, such as Asia/Kolkata, Europe/Berlin or America/New_York.${guessWords(guess)}`,
    example: { broken: '"timeZone": "IST"', fixed: '"timeZone": "Asia/Kolkata"' },
  }),
  missingFile: define({
    code: 'missing-file',
    title: 'A picture or file that is not in public/',
    kind: 'reference',
    message: ({ noun, value, folder, guess }: { noun: 'picture' | 'file'; value: string; folder: string; guess?: string }) =>
      `The ${noun} "${value}" does not exist in ${folder}.${guessWords(guess)}`,
    hint: ({ folder, value }) => `Save the file as ${folder}${value.replace(/[?#].*$/, '').slice(1)} or correct the path (letter case counts).`,
    example: { broken: '"src": "/images/partners/Tenable.svg"', fixed: '"src": "/images/partners/tenable.svg"' },
  }),

  reservedAddress: define({
    code: 'reserved-address',
    title: 'An address the site uses for something else',
    kind: 'reference',
    message: ({ spelling, owner }: { spelling: string; owner: string }) => `The address "${spelling}" belongs to ${owner}, so a page there would never be shown.`,
    hint: () => 'Choose another address for this page.',
    example: { broken: '{ "path": "/health", … }', fixed: '{ "path": "/company-health", … }' },
  }),
  sharedPageFile: define({
    code: 'shared-page-file',
    title: 'Two pages whose content would share one file',
    kind: 'reference',
    message: ({ path, earlierPath, file }: { path: string; earlierPath: string; file: string; line: number; column: number }) =>
      `The page "${path}" and the page "${earlierPath}" would share one content file, ${file}: the build names it after the address, with every / written as - and / itself as "home".`,
    hint: ({ line, column }) => `Change the address of one of the two (the other is at line ${line}, column ${column}).`,
    example: { broken: '{ "path": "/cloud-security", … }, { "path": "/cloud/security", … }', fixed: '{ "path": "/cloud-security", … }, { "path": "/cloud/secure-hosting", … }' },
  }),
  notAPicture: define({
    code: 'not-a-picture',
    title: 'A picture file that holds no picture',
    kind: 'reference',
    message: ({ value, folder, content }: { value: string; folder: string; content: string }) =>
      `The file "${value}" is in ${folder}, but it is not a picture a browser can show: ${content}.`,
    hint: () => 'Export the picture again from an image editor, as the format its name ends in (.svg, .png, .jpg, .webp or .avif), or correct the path.',
    example: { broken: '"src": "/images/blog/cloud.png"  (a web page saved as .png)', fixed: '"src": "/images/blog/cloud.png"  (the PNG itself)' },
  }),

  // ── A site in several languages: texts written per language (site.locales) ──────────────
  translationsWithoutLocales: define({
    code: 'translations-without-locales',
    title: 'A text written per language in a site of one language',
    kind: 'value',
    message: ({ name, keys }: { name: string; keys: string[]; locales: string[] }) =>
      `"${name}" is written per language (${listWords(keys)}), but the site has one language: site.locales does not name two or more.`,
    hint: ({ locales }) => `Add "locales": ${JSON.stringify(locales)} to site (the first is the default language, that of site.locale), or write one text.`,
    example: {
      broken: '"site": { "locale": "en-IN", … }\n… "title": { "en": "About us", "bn": "আমাদের কথা" }',
      fixed: '"site": { "locale": "en-IN", "locales": ["en", "bn"], … }\n… "title": { "en": "About us", "bn": "আমাদের কথা" }',
    },
  }),
  defaultLanguageNotLocale: define({
    code: 'default-language-not-locale',
    title: "The site's first language is not the language of its locale",
    kind: 'value',
    message: ({ first, locale, language }: { first: string; locale: string; language: string }) =>
      `site.locales starts with ${languageWords(first)}, the default language, but site.locale "${locale}" is ${languageWords(language)}.`,
    hint: ({ first, language }) => `The default language is the one of site.locale: start locales with "${language}", or set locale to a tag of "${first}".`,
    example: { broken: '"locale": "en-IN",\n"locales": ["bn", "en"]', fixed: '"locale": "en-IN",\n"locales": ["en", "bn"]' },
  }),
  unknownLanguage: define({
    code: 'unknown-language',
    title: 'A translation in a language the site does not have',
    kind: 'value',
    message: ({ key, languages, guess }: { key: string; languages: string[]; guess?: string }) =>
      `"${key}" is not one of the site's languages (${listWords(languages)}), so no page shows this translation.${guessWords(guess)}`,
    hint: ({ key }) => `Translations are keyed by the codes of site.locales; to make "${key}" a language of the site, add it there.`,
    example: { broken: '"title": { "en": "About us", "bm": "আমাদের কথা" }', fixed: '"title": { "en": "About us", "bn": "আমাদের কথা" }' },
  }),
  emptyTranslations: define({
    code: 'empty-translations',
    title: 'A text written per language with no language in it',
    kind: 'value',
    message: ({ name }: { name: string; languages: string[] }) => `"${name}" is an empty object: a text in no language.`,
    hint: ({ languages }) => `Write the text, as one text "…" or per language: { ${languages.map((language) => `"${language}": "…"`).join(', ')} }.`,
    example: { broken: '"title": {}', fixed: '"title": { "en": "About us", "bn": "আমাদের কথা" }' },
  }),
  notTranslatable: define({
    code: 'not-translatable',
    title: 'A value written per language that is the same in every language',
    kind: 'value',
    message: ({ name }: { name: string; value: string }) =>
      `"${name}" is not a text visitors read in their language (an address, a name of an icon, a colour, a setting): it is the same in every language, so it cannot be written per language.`,
    hint: ({ value }) => `Write the one value, e.g. ${quote(value)}.`,
    example: { broken: '"icon": { "en": "shield", "bn": "shield-lock" }', fixed: '"icon": "shield"' },
  }),

  // ── The config is of another format than this version reads (checked before anything else) ─
  olderFormat: define({
    code: 'older-format',
    title: 'A config of an older format',
    kind: 'structure',
    message: ({ from, current, changes }: { from: number; current: number; changes: string[]; file: string }) =>
      `This config is format ${from}; this version reads format ${current}. What changed since: ${changes.join('; ')}.`,
    hint: ({ file }) => `Run \`npm run migrate -- ${file}\`: it rewrites the file to today's format, changing only those lines, and says what it changed.`,
    example: {
      broken: '{ "footer": { "servicesTitle": "Our Services", "services": [ … ] } }',
      fixed: '{ "format": 4, "footer": { "columns": [{ "title": "Our Services", "links": [ … ] }] } }',
    },
  }),
  newerFormat: define({
    code: 'newer-format',
    title: 'A config of a newer format, or an unknown one',
    kind: 'structure',
    message: ({ stated, current }: { stated: unknown; current: number }) => `This config says "format": ${JSON.stringify(stated)}; this version reads formats 1 to ${current}.`,
    hint: () => 'A newer format was written by a newer version of the site builder: check it with that version (update this one). A format is a whole number from 1 up.',
    example: { broken: '{ "format": 99, … }', fixed: '{ "format": 4, … }' },
  }),

  // ── Notices: the file is valid, but this is probably not what was meant ─────────────────
  missingTranslation: define({
    code: 'missing-translation',
    title: 'A text not yet translated',
    kind: 'value',
    severity: 'notice',
    message: ({
      name,
      missing,
      fallback,
      page,
      defaults,
    }: {
      name: string
      missing: string[]
      fallback: string
      page?: string
      defaults?: number
      example?: string
      required: boolean
    }) => {
      const languages = listWords(missing.map(languageWords), false)
      if (defaults !== undefined)
        return `${name}: ${defaults === 1 ? '1 text has' : `${defaults} texts have`} no ${languages} words, so the ${languageWords(fallback)} defaults stand in for them.`
      const shown = page ? `the page ${page} is in ${languages} and shows` : `every page in ${languages} shows`
      return `"${name}" has no ${languages} text: ${shown} the ${languageWords(fallback)} one.`
    },
    hint: ({ example, defaults, required }) =>
      (defaults === undefined ? `Write it per language: ${example ?? '{ … }'}.` : `Write them there, each per language ({ "en": "…", "bn": "…" }).`) +
      (required ? ' site.requireTranslations is true, so the site is not built until it is translated.' : ''),
    example: {
      broken: '"locales": ["en", "bn"], …\n"title": { "en": "About us", "bn": "আমাদের কথা" }, … "heading": "Who we are"',
      fixed: '"heading": { "en": "Who we are", "bn": "আমরা কারা" }',
    },
  }),
  curlyQuotedText: define({
    code: 'curly-quoted-text',
    title: 'A text wrapped in curly quotes',
    kind: 'value',
    severity: 'notice',
    message: ({ value }: { value: string }) => `This text is wrapped in curly quotes, which the page will show: ${quote(value)}.`,
    hint: ({ value }) => `Probably pasted. If the quotes are not meant to be seen, write ${JSON.stringify(value.slice(1, -1))}.`,
    example: { broken: '"title": "“Zero Trust”"', fixed: '"title": "Zero Trust"' },
  }),
}

type Catalogue = typeof errorCatalogue
type Entry = Catalogue[keyof Catalogue]
export type ErrorCode = Entry['code']
type ParamsOf<E> = E extends ErrorData<string, infer Params> ? Params : never

/** A catalogue entry said with its facts: what a check hands on, before its place is added. */
export interface Said {
  code: ErrorCode
  kind: ProblemKind
  notice: boolean
  message: string
  hint?: string
}

export function say<E extends Entry>(entry: E, params: ParamsOf<E>): Said {
  const data = entry as unknown as ErrorData<ErrorCode, ParamsOf<E>>
  const hint = data.hint?.(params)
  return { code: data.code, kind: data.kind, notice: data.severity === 'notice', message: data.message(params), ...(hint ? { hint } : {}) }
}

export const allErrors: readonly Entry[] = Object.values(errorCatalogue)
