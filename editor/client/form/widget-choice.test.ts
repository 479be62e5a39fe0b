import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../schema/json-schema'
import { resolve, schemaFile } from '../schema/schema-refs'
import { EDITOR_INPUTS, widgetFor, type WidgetName } from './widget-choice'

const schemasDir = path.resolve(import.meta.dirname, '../../../schemas')

/** A property of a schema file, resolved as SchemaField resolves it. */
function property(file: string, ...keys: string[]): JsonSchema {
  const found = keys.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], schemaFile(file))
  if (!found) throw new Error(`No ${keys.join('.')} in ${file}`)
  return resolve(found as JsonSchema)
}

describe('the field component chosen for a schema', () => {
  it.each<[string, JsonSchema, WidgetName]>([
    ['a string', { type: 'string' }, 'string'],
    ['a string asking for a text area', { type: 'string', 'x-editor': 'textarea' }, 'textarea'],
    ['a string asking for the icon list', { type: 'string', enum: ['cloud', 'bug'], 'x-editor': 'icon' }, 'icon'],
    ['a string asking for the link picker', { type: 'string', 'x-editor': 'link' }, 'link'],
    ['a string asking for the picture list', { type: 'string', 'x-editor': 'image' }, 'image'],
    ['a string asking for the colour picker', { type: 'string', 'x-editor': 'color' }, 'color'],
    ['a setting for the developer, of any type', { type: 'boolean', 'x-editor': 'developer' }, 'developer'],
    ['an enum', { type: 'string', enum: ['left', 'right'] }, 'enum'],
    ['a numeric enum', { type: 'integer', enum: [2, 3, 4] }, 'enum'],
    ['a const (a block type)', { const: 'cardGrid' }, 'const'],
    ['an integer', { type: 'integer' }, 'number'],
    ['a number', { type: 'number' }, 'number'],
    ['a boolean', { type: 'boolean' }, 'boolean'],
    ['an object', { type: 'object', properties: {} }, 'object'],
    ['a list', { type: 'array', items: { type: 'string' } }, 'array'],
    ['an anyOf', { anyOf: [{ type: 'string' }, { type: 'object' }] }, 'alternatives'],
    ['a oneOf', { oneOf: [{ type: 'string' }, { type: 'number' }] }, 'alternatives'],
    ['a union of types, by its first', { type: ['integer', 'string'] }, 'number'],
    ['a schema without a type', {}, 'string'],
  ])('%s → %s', (_, schema, widget) => {
    expect(widgetFor(schema, 'test')).toBe(widget)
  })

  it('follows the x-editor of the shared definitions and the properties of the real schemas', () => {
    expect(widgetFor(property('blocks/cardGrid.schema.json', 'properties', 'cards', 'items', 'properties', 'icon'), 'card icon')).toBe('icon')
    expect(widgetFor(property('blocks/cardGrid.schema.json', 'properties', 'cards', 'items', 'properties', 'text'), 'card text')).toBe('textarea')
    expect(widgetFor(property('blocks/cardGrid.schema.json', 'properties', 'cards', 'items', 'properties', 'title'), 'card title')).toBe('string')
    expect(widgetFor(property('defs/link.schema.json', 'properties', 'to'), 'link to')).toBe('link')
    expect(widgetFor(property('defs/image.schema.json', 'properties', 'src'), 'image src')).toBe('image')
    expect(widgetFor(property('defs/theme.schema.json', 'properties', 'primaryColor'), 'primary colour')).toBe('color')
    expect(widgetFor(property('blocks/textSection.schema.json', 'properties', 'paragraphs', 'items'), 'a paragraph')).toBe('textarea')
    expect(widgetFor(property('defs/navigation.schema.json', 'properties', 'items', 'items'), 'menu entry')).toBe('alternatives')
    expect(widgetFor(property('defs/navigation.schema.json', 'definitions', 'subMenu', 'properties', 'to'), 'sub-menu page')).toBe('link')
  })

  it("edits a date field's rules as a text and a list of weekdays to pick from, and the site's time zone as a developer's setting", () => {
    const field = (key: string) => property('defs/forms.schema.json', 'definitions', 'field', 'properties', key)
    expect(widgetFor(field('earliest'), 'earliest')).toBe('string')
    expect(widgetFor(field('latest'), 'latest')).toBe('string')
    expect(widgetFor(field('weekdays'), 'weekdays')).toBe('array')
    expect(widgetFor(resolve(field('weekdays').items as JsonSchema), 'a weekday')).toBe('enum')
    expect(widgetFor(property('defs/site-settings.schema.json', 'properties', 'timeZone'), 'time zone')).toBe('developer')
  })

  it('fails loudly, naming the place and the inputs there are, for an x-editor the editor does not have', () => {
    expect(() => widgetFor({ type: 'string', 'x-editor': 'colour' }, 'routes › 0 › blocks › 2 › accent (Accent)')).toThrow(
      'routes › 0 › blocks › 2 › accent (Accent): the schema asks for "x-editor": "colour", which the editor does not have. Use one of textarea, icon, link, image, color, or developer for a setting the editor does not offer.',
    )
  })

  it('fails loudly for an x-editor on a value it cannot edit', () => {
    expect(() => widgetFor({ type: 'array', 'x-editor': 'textarea' }, 'paragraphs')).toThrow('paragraphs: "x-editor": "textarea" edits a string, but the schema\'s type is array.')
  })

  it('finds every x-editor written in schemas/ to be one the editor has, on a value it can edit, and every input in use', () => {
    const found: string[] = []
    const used = new Set<string>()
    const visit = (node: unknown, where: string) => {
      if (!node || typeof node !== 'object') return
      const schema = node as JsonSchema
      if (schema['x-editor'] !== undefined) {
        found.push(where)
        used.add(schema['x-editor'])
        expect(() => widgetFor(resolve(schema), where)).not.toThrow()
      }
      for (const [key, child] of Object.entries(node)) if (key !== 'examples' && key !== 'default') visit(child, `${where}/${key}`)
    }
    for (const file of fs.readdirSync(schemasDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.schema.json'))) {
      visit(schemaFile(file.split(path.sep).join('/')), file)
    }
    expect(found.length).toBeGreaterThan(30)
    expect([...used].sort()).toEqual([...Object.keys(EDITOR_INPUTS), 'developer'].sort())
  })
})
