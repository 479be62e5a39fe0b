import fs from 'node:fs'
import path from 'node:path'
import { readSchemaFiles } from '../../authoring/schemas/schema-files'
import { publicDir, schemasDir } from '../../authoring/project-paths'
import { ANNOTATION_KEYWORDS, SCHEMA_BASE_URL } from '../../site/schema-ajv'

/**
 * Blocks made from their schemas alone, at both ends of what the schemas allow: the test that
 * whatever the checker passes renders (tests/unit/block-samples-render.test.tsx) renders every one.
 * The values a schema cannot describe come from the project, as the checker's cross-checks want
 * them: links lead to pages of the config, pictures are files under public/.
 */

type Schema = { [keyword: string]: unknown }
type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** What a value of the config may refer to: the checker refuses a link to no page and a picture that is not there. */
export interface SampleWorld {
  /** Paths of the config's pages. */
  routePaths: string[]
  /** Pictures under public/, as the config names them (/images/…). */
  pictures: string[]
  /** The forms the config declares, which a form block must name. */
  forms: string[]
}

export interface BlockSample {
  /** What the sample stands for, for the test's name. */
  name: string
  block: { type: string } & Record<string, Json>
  /** The texts the schema requires, each to be found in the rendered block (as text or in an attribute such as alt). */
  requiredTexts: string[]
}

/**
 * - smallest: only the required properties, lists at minItems, texts at minLength, numbers at
 *   their minimum, the first value of an enum, the first alternative of an anyOf/oneOf;
 * - smallest with every optional property: the same with each optional property present at its
 *   minimum (empty lists, empty texts), which "only required" leaves untried; one such sample per
 *   alternative of an anyOf/oneOf, and per value of a choice outside lists (a form, a layout, a
 *   background), up to the block's most, so each is rendered (cheaply: these samples are small);
 * - largest: every property, lists at maxItems (12 when unbounded), texts at maxLength (about
 *   500 characters when unbounded), numbers at their maximum, the last value of an enum; values and
 *   alternatives turn from item to item in lists.
 */
type Size = 'smallest' | 'optionals' | 'largest'

/** Lists without a maxItems get this many items in the largest sample. */
const UNBOUNDED_ITEMS = 12
/** Numbers without a maximum reach this in the largest sample. */
const UNBOUNDED_NUMBER = 1_000_000_000
/** Texts without a maxLength are this long in the largest sample. */
const UNBOUNDED_TEXT = 500
/** Realistic prose with what breaks layouts and naive escaping: a long word, markup characters, non-ASCII. */
const PROSE =
  'We plan, install and support secure networks for schools, hospitals and factories; every project starts with an on-site assessment & a written design <with a fixed price>, and "ends" with training for your own team. Naïve set-ups become Telecommunicationsinfrastructuremodernisation programmes 🚀 that run for years. '
/** Values of formats that have no example in the schema. */
const FORMAT_VALUES: Record<string, string> = { uri: 'https://www.openstreetmap.org/export/embed.html?bbox=88.3%2C22.5%2C88.4%2C22.6', email: 'info@example.com' }
/** Links that leave the site, one of each kind the link pattern allows, besides the config's pages. */
const EXTERNAL_LINKS = ['https://example.com/brochure', 'mailto:sales@example.com', 'tel:+919830012345']

/** The keywords the generator follows or may ignore; any other keyword would make its samples guesses. */
const UNDERSTOOD = new Set([
  ...['type', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems', 'minLength', 'maxLength', 'pattern', 'format'],
  ...['enum', 'const', 'minimum', 'maximum', 'anyOf', 'oneOf', '$ref', 'discriminator', 'definitions'],
  ...['$schema', '$id', '$comment', 'title', 'description', 'examples', 'default', ...ANNOTATION_KEYWORDS],
])

/** The config's pages and public/'s pictures. */
export function projectSampleWorld(configFile: string): SampleWorld {
  const config = JSON.parse(fs.readFileSync(configFile, 'utf8')) as { routes: { path: string }[]; forms?: Record<string, unknown> }
  const pictures = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? pictures(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
  return {
    routePaths: config.routes.map((route) => route.path),
    forms: Object.keys(config.forms ?? {}),
    pictures: pictures(path.join(publicDir, 'images'))
      .map((file) => '/' + path.relative(publicDir, file).split(path.sep).join('/'))
      .sort(),
  }
}

/** The samples of one block type, from schemas/blocks/<type>.schema.json and the files it refers to. */
export function blockSamples(type: string, world: SampleWorld, dir = schemasDir): BlockSample[] {
  const files = readSchemaFiles(dir).schemas
  const root = files.get(`blocks/${type}.schema.json`)
  if (!root) throw new Error(`schemas/blocks/${type}.schema.json is missing`)
  const make = (size: Size, variant = 0) => new Sampler(files, world, size, variant).sample(root, String(root.$id), undefined, `blocks/${type}`)
  const optionals = make('optionals')
  const samples = [
    { name: 'smallest', ...make('smallest') },
    { name: 'smallest, with every optional property', ...optionals },
    ...Array.from({ length: optionals.alternatives - 1 }, (_, index) => ({ name: `smallest, with every optional property, choice ${index + 2}`, ...make('optionals', index + 1) })),
    { name: 'largest', ...make('largest') },
  ]
  return samples.map(({ name, value, requiredTexts }) => ({ name, block: value as BlockSample['block'], requiredTexts }))
}

interface Made {
  value: Json
  /** Texts at required places, to be seen on the page. */
  requiredTexts: string[]
  /** The most alternatives (of an anyOf/oneOf, a union type or a short enum outside lists) met: the samples needed to try each. */
  alternatives: number
}

/** A value with nothing in it to see or to choose. */
const plain = (value: Json): Made => ({ value, requiredTexts: [], alternatives: 1 })

class Sampler {
  private texts = 0
  private files: Map<string, Schema>
  private world: SampleWorld
  private size: Size
  private variant: number

  constructor(files: Map<string, Schema>, world: SampleWorld, size: Size, variant: number) {
    this.files = files
    this.world = world
    this.size = size
    this.variant = variant
  }

  /**
   * `seed` is the value's index in its list (undefined outside lists), so enum values and
   * alternatives turn from item to item.
   */
  sample(schema: Schema, base: string, seed: number | undefined, at: string): Made {
    if (typeof schema.$ref === 'string') {
      const [target, targetBase] = this.resolve(schema.$ref, base)
      return this.sample(target, targetBase, seed, at)
    }
    const unknown = Object.keys(schema).find((keyword) => !UNDERSTOOD.has(keyword))
    if (unknown) throw new Error(`schema-samples: ${at} uses "${unknown}", which the generator does not know; teach tests/helpers/schema-samples.ts`)
    const large = this.size === 'largest'
    // The smallest takes the first; the largest counts from the last, so both ends of an enum are tried.
    const pick = <T>(choices: readonly T[]): T =>
      this.size === 'smallest' ? choices[0]! : choices[((large ? choices.length - 1 : 0) + (seed ?? 0) + this.variant) % choices.length]!
    const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
    if (alternatives) {
      const made = this.sample(pick(alternatives), base, seed, `${at}/${schema.anyOf ? 'anyOf' : 'oneOf'}`)
      return { ...made, alternatives: Math.max(made.alternatives, alternatives.length) }
    }
    if ('const' in schema) return plain(schema.const as Json)
    if (Array.isArray(schema.enum)) {
      // A choice outside a list is tried value by value (blockSamples); in a list the values turn
      // from item to item, and a long enum (the icon set) only turns.
      const tried = seed === undefined && schema.enum.length <= UNBOUNDED_ITEMS ? schema.enum.length : 1
      return { ...plain(pick(schema.enum as Json[])), alternatives: tried }
    }
    const types = [schema.type].flat() as string[]
    const made = this.ofType(pick(types), schema, base, seed, at)
    return { ...made, alternatives: Math.max(made.alternatives, types.length) }
  }

  private ofType(type: string | undefined, schema: Schema, base: string, seed: number | undefined, at: string): Made {
    const large = this.size === 'largest'
    if (type === 'object') return this.object(schema, base, seed, at)
    if (type === 'array') return this.array(schema, base, at)
    if (type === 'string') return plain(this.string(schema, seed, at))
    if (type === 'integer' || type === 'number') return plain(large ? ((schema.maximum as number | undefined) ?? UNBOUNDED_NUMBER) : ((schema.minimum as number | undefined) ?? 0))
    if (type === 'boolean') return plain(large)
    throw new Error(`schema-samples: ${at} has no type the generator knows (${String(schema.type)})`)
  }

  private object(schema: Schema, base: string, seed: number | undefined, at: string): Made {
    const properties = (schema.properties ?? {}) as Record<string, Schema>
    const required = new Set((schema.required ?? []) as string[])
    const value: Record<string, Json> = {}
    const requiredTexts: string[] = []
    let alternatives = 1
    for (const [name, property] of Object.entries(properties)) {
      if (this.size === 'smallest' && !required.has(name)) continue
      const made = this.sample(property, base, seed, `${at}/${name}`)
      value[name] = made.value
      alternatives = Math.max(alternatives, made.alternatives)
      if (!required.has(name)) continue
      requiredTexts.push(...made.requiredTexts)
      if (typeof made.value === 'string' && this.isShownText(property, base)) requiredTexts.push(made.value)
    }
    // A text that must appear in another text of the object (a heading's highlight) is cut from that text.
    for (const [name, property] of Object.entries(properties)) {
      const whole = value[property['x-part-of'] as string]
      if (typeof value[name] === 'string' && typeof whole === 'string') value[name] = partOf(whole, property)
    }
    return { value, requiredTexts, alternatives }
  }

  private array(schema: Schema, base: string, at: string): Made {
    const items = schema.items as Schema
    const count = this.size === 'largest' ? ((schema.maxItems as number | undefined) ?? UNBOUNDED_ITEMS) : ((schema.minItems as number | undefined) ?? 0)
    const made = Array.from({ length: count }, (_, index) => this.sample(items, base, index, `${at}/items`))
    const shown = this.isShownText(items, base)
    return {
      value: made.map((item) => item.value),
      // Every item of a list that is there is content: the list's own requiredness decides.
      requiredTexts: made.flatMap((item) => (shown && typeof item.value === 'string' ? [item.value, ...item.requiredTexts] : item.requiredTexts)),
      alternatives: Math.max(1, ...made.map((item) => item.alternatives)),
    }
  }

  /**
   * A value the world decides (a link to a page, a picture that exists), else one of the schema's
   * examples for a text of a set form, else prose cut to the length the schema allows. Texts are
   * numbered, so no two items of a list are the same (blocks key their items by their texts).
   */
  private string(schema: Schema, seed: number | undefined, at: string): string {
    const large = this.size === 'largest'
    const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined
    const fits = (value: string) => !pattern || pattern.test(value)
    const turn = (choices: string[]) => choices[this.size === 'smallest' ? 0 : ((seed ?? 0) + this.variant) % choices.length]!
    if (schema['x-editor'] === 'link') {
      const shortestFirst = [...this.world.routePaths].sort((a, b) => a.length - b.length)
      return turn([...shortestFirst.slice(0, 1), ...EXTERNAL_LINKS, ...shortestFirst.slice(1)].filter(fits))
    }
    if (schema['x-editor'] === 'image') return turn(this.world.pictures.filter(fits))
    if (at === 'blocks/form/form') return turn(this.world.forms.filter(fits))
    const number = ++this.texts
    if (pattern || schema.format) {
      const examples = [
        ...((schema.examples as string[] | undefined) ?? []),
        ...(typeof schema.format === 'string' && FORMAT_VALUES[schema.format] ? [FORMAT_VALUES[schema.format]!] : []),
      ]
      const example = examples.find(fits)
      if (example === undefined) throw new Error(`schema-samples: ${at} needs a value of a set form; give it "examples"`)
      const numbered = `${example}-${number}`
      return fits(numbered) ? numbered : example
    }
    const min = (schema.minLength as number | undefined) ?? 0
    const max = (schema.maxLength as number | undefined) ?? (large ? UNBOUNDED_TEXT : Infinity)
    const label = labelOf(number)
    // The smallest is the label repeated to minLength, the largest prose after it up to maxLength.
    const text = large ? `${label} ${PROSE.repeat(Math.ceil(max / PROSE.length))}` : label.repeat(min)
    return [...text].slice(0, max).join('')
  }

  /** A text a visitor reads: free text, not a link target, a picture path, an id or a choice. */
  private isShownText(schema: Schema, base: string): boolean {
    if (typeof schema.$ref === 'string') return this.isShownText(...this.resolve(schema.$ref, base))
    return schema.type === 'string' && !('enum' in schema) && !('const' in schema) && !schema.pattern && !schema.format
  }

  /** A $ref against the file it is written in, as ajv reads it: `../defs/link.schema.json`, `x.schema.json#/definitions/y`. */
  private resolve(ref: string, base: string): [Schema, string] {
    const address = new URL(ref, base)
    const file = address.href.split('#')[0]!
    let schema = this.files.get(file.slice(SCHEMA_BASE_URL.length))
    if (!schema) throw new Error(`schema-samples: ${ref} (from ${base}) names no schema file`)
    for (const segment of address.hash.replace(/^#\/?/, '').split('/').filter(Boolean))
      schema = schema[decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~')] as Schema
    return [schema, file]
  }
}

/**
 * A text's own character: one code point (as minLength counts), distinct for every text, and a CJK
 * ideograph, which the site's own markup never holds, so a test that finds it found the text itself.
 */
const labelOf = (number: number) => String.fromCodePoint(0x4e00 + number)

/** The start of `whole`, as long as the part's schema allows (its minLength at the least). */
function partOf(whole: string, part: Schema): string {
  const characters = [...whole]
  const length = Math.max((part.minLength as number | undefined) ?? 1, Math.min((part.maxLength as number | undefined) ?? characters.length, characters.length))
  return characters.slice(0, length).join('')
}
