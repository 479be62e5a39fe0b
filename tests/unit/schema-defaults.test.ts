import fs from 'node:fs'
import path from 'node:path'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { blockWithDefaults, withSchemaDefaults } from '../../authoring/config/config-defaults'
import { schemaAtAddress } from '../../site/schema-ajv'
import { schemaDefaults } from '../../site/schema-defaults'

const library = { Ajv, addFormats }

/** A small site: a theme object with a nested default, and pages whose blocks have defaults of their own. */
const schemas = [
  schemaAtAddress('site.schema.json', {
    type: 'object',
    properties: {
      theme: { type: 'object', default: {}, properties: { colors: { type: 'object', default: {}, properties: { accent: { type: 'string', default: '#0a6' } } } } },
      pages: { type: 'array', items: { type: 'object', properties: { blocks: { type: 'array', items: { $ref: 'block.schema.json' } } } } },
    },
  }),
  schemaAtAddress('block.schema.json', {
    type: 'object',
    required: ['type'],
    discriminator: { propertyName: 'type' },
    oneOf: [{ $ref: 'blocks/stats.schema.json' }],
  }),
  schemaAtAddress('blocks/stats.schema.json', {
    type: 'object',
    required: ['type'],
    properties: {
      type: { const: 'stats' },
      background: { type: 'string', default: 'white' },
      items: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' }, suffix: { type: 'string', default: '+' } } } },
    },
  }),
]

describe('withSchemaDefaults (site/schema-defaults.ts), schemas given as data', () => {
  const defaults = schemaDefaults(library, schemas)

  it('gives a block the defaults of its schema, in each array item, and keeps what is written', () => {
    const block = { type: 'stats', items: [{ label: 'Clients' }, { label: 'Years', suffix: '' }] }
    expect(defaults.blockWithDefaults(block)).toEqual({
      type: 'stats',
      background: 'white',
      items: [
        { label: 'Clients', suffix: '+' },
        { label: 'Years', suffix: '' },
      ],
    })
    expect(block).toEqual({ type: 'stats', items: [{ label: 'Clients' }, { label: 'Years', suffix: '' }] })
  })

  it('fills in nested objects and the blocks of every page', () => {
    const config = { pages: [{ blocks: [{ type: 'stats', items: [] }] }, { blocks: [{ type: 'stats', background: 'dark' }] }] }
    expect(defaults.withSchemaDefaults(config)).toEqual({
      theme: { colors: { accent: '#0a6' } },
      pages: [{ blocks: [{ type: 'stats', background: 'white', items: [] }] }, { blocks: [{ type: 'stats', background: 'dark' }] }],
    })
  })

  it('fills in the same on the files read from disk (build, dev server) as on the files a bundler hands over (editor preview)', () => {
    const schemasDir = path.join(__dirname, '../../schemas')
    const bundled = (fs.readdirSync(schemasDir, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.schema.json'))
      .map((file) => file.split(path.sep).join('/'))
      .map((relative) => schemaAtAddress(relative, JSON.parse(fs.readFileSync(path.join(schemasDir, relative), 'utf8'))))
    const config = JSON.parse(fs.readFileSync(path.join(__dirname, '../../site.config.json'), 'utf8')) as Record<string, unknown>
    const filled = withSchemaDefaults(config)
    expect(schemaDefaults(library, bundled).withSchemaDefaults(config)).toEqual(filled)
    expect(filled).not.toEqual(config)
    expect(blockWithDefaults({ type: 'processSteps', heading: 'How we work', steps: [] })).toMatchObject({ background: 'white' })
  })
})
