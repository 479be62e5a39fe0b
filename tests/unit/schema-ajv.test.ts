import fs from 'node:fs'
import path from 'node:path'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { ANNOTATION_KEYWORDS, compileSchemaFile, createSchemaAjv, SchemaLoadError, schemaAtAddress } from '../../site/schema-ajv'
import { EDITOR_ANNOTATIONS } from '../../site/schema-annotations'

const library = { Ajv, addFormats }
const schemasDir = path.join(__dirname, '../../schemas')

/** Every file under schemas/ as the bundlers see them (the generated block.schema.json included), each at its address. */
function schemaFiles(): [string, Record<string, unknown>][] {
  return (fs.readdirSync(schemasDir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.schema.json'))
    .map((file) => file.split(path.sep).join('/'))
    .sort()
    .map((relative) => [relative, schemaAtAddress(relative, JSON.parse(fs.readFileSync(path.join(schemasDir, relative), 'utf8')))])
}

describe("the project's one Ajv set-up (site/schema-ajv.ts)", () => {
  it('compiles every schema file under schemas/ in strict mode', () => {
    const files = schemaFiles()
    expect(files.length).toBeGreaterThan(30)
    const schemas = files.map(([, schema]) => schema)
    const ajv = createSchemaAjv(library, {}, schemas)
    for (const [relative] of files) expect(() => compileSchemaFile(ajv, schemas, relative), relative).not.toThrow()
  })

  it('refuses an unknown keyword in a schema and names the file it is in', () => {
    const schemas = schemaFiles().map(([relative, schema]) =>
      relative === 'blocks/timeline.schema.json' ? { ...schema, properties: { ...(schema.properties as object), heading: { type: 'string', colour: 'red' } } } : schema,
    )
    const ajv = createSchemaAjv(library, {}, schemas)
    expect(() => compileSchemaFile(ajv, schemas, 'site.schema.json')).toThrow(SchemaLoadError)
    expect(() => compileSchemaFile(ajv, schemas, 'site.schema.json')).toThrow(/^schemas\/blocks\/timeline\.schema\.json: .*unknown keyword: "colour"/)
  })

  it('allows the editor annotations, and nothing else that looks like one', () => {
    expect(ANNOTATION_KEYWORDS).toEqual([...EDITOR_ANNOTATIONS])
    const annotated = Object.fromEntries(ANNOTATION_KEYWORDS.map((keyword) => [keyword, 'words']))
    const ajv = createSchemaAjv(library)
    const validate = ajv.compile({ type: 'object', ...annotated, properties: { name: { type: 'string', 'x-editor': 'textarea' } } })
    expect(validate({ name: 'Asha' })).toBe(true)
    expect(validate({ name: 7 })).toBe(false)
    expect(() => createSchemaAjv(library).compile({ type: 'string', 'x-editr': 'textarea' })).toThrow(/unknown keyword: "x-editr"/)
  })

  it('checks formats and reports a schema that is not there by its file name', () => {
    const ajv = createSchemaAjv(library)
    expect(ajv.validate({ type: 'string', format: 'email' }, 'asha@example.com')).toBe(true)
    expect(ajv.validate({ type: 'string', format: 'email' }, 'not an address')).toBe(false)
    expect(() => compileSchemaFile(ajv, [], 'site.schema.json')).toThrow('schemas/site.schema.json is missing')
  })
})
