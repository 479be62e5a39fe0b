import { blockUnionSchema } from './block-union.ts'
import { readSchemaFile, schemaNamesIn } from './schema-files.ts'

/** Block type names, read from the schema file names (`schemas/blocks/<type>.schema.json`). */
export const listBlockTypes = () => schemaNamesIn('blocks')

/** A block's schema as written. */
export const readBlockSchema = (type: string): Record<string, unknown> => readSchemaFile(`blocks/${type}.schema.json`)

/** The union of all block schemas (block-union.ts), of the block types in schemas/blocks/ unless told. */
export const buildBlockUnionSchema = (types = listBlockTypes()): Record<string, unknown> => blockUnionSchema(types)

/**
 * site/generated/authored-block.ts: a block as an author (or the page scaffold) writes it, where
 * the properties its schema gives a default may be left out. The types in site-config.ts describe
 * the config as the site renders it, with those defaults applied.
 */
export function authoredBlockModule(banner: string, types = listBlockTypes()): string {
  const rows = types.map((type) => {
    const properties = (readBlockSchema(type).properties ?? {}) as Record<string, { default?: unknown }>
    const defaulted = Object.entries(properties)
      .filter(([, property]) => property.default !== undefined)
      .map(([name]) => `'${name}'`)
    return `  ${type}: ${defaulted.join(' | ') || 'never'}`
  })
  return [
    banner,
    "import type { Block } from './site-config'",
    '',
    '/** Per block type, the properties its schema gives a default. */',
    'export interface DefaultedProperties {',
    ...rows,
    '}',
    '',
    "type Defaulted<B extends Block> = DefaultedProperties[B['type']] & keyof B",
    '',
    'type Authored<B extends Block> = Omit<B, Defaulted<B>> & Partial<Pick<B, Defaulted<B>>>',
    '',
    '/** A block as written in site.config.json: the defaulted properties may be left out. */',
    "export type AuthoredBlock = { [T in Block['type']]: Authored<Extract<Block, { type: T }>> }[Block['type']]",
    '',
  ].join('\n')
}
