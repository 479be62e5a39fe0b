import { Ajv } from 'ajv'

/**
 * The editor's unsaved config with the schemas' defaults filled in, as the build and the dev server
 * fill them in (authoring/config/config-defaults.ts) before a page renders: the blocks receive complete
 * props here too. Whether the config is valid is the editor's checker's business, not this.
 */
const schemaFiles = import.meta.glob<Record<string, unknown>>('/schemas/**/*.schema.json', { eager: true, import: 'default' })
const base = 'https://site.local/schemas/'
const ajv = new Ajv({ discriminator: true, strict: false, useDefaults: true, validateFormats: false, allowUnionTypes: true })
// The editor's input for a property (editor/client/form/widget-choice.ts): an annotation, it changes nothing about the values.
ajv.addKeyword({ keyword: 'x-editor', schemaType: 'string' })
for (const [file, schema] of Object.entries(schemaFiles)) ajv.addSchema({ ...schema, $id: base + file.slice('/schemas/'.length) })

export function withSchemaDefaults<T>(config: T): T {
  const apply = ajv.getSchema(base + 'site.schema.json')
  if (!apply) throw new Error('schemas/site.schema.json is missing')
  const complete = structuredClone(config)
  apply(complete)
  return complete
}
