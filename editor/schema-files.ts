import { schemaAtAddress } from '../site/schema-ajv.ts'

/**
 * The editor's one reading of schemas/ in the browser, for its forms and checks (client/schema/schema-refs.ts)
 * and the preview's defaults (preview/schema-defaults.ts). Vite bundles the files here and reloads them
 * when one changes; Node code reads the folder itself (authoring/schemas/schema-files.ts), because
 * a browser cannot list a folder and Node has no bundler. Each file is at its address
 * (site/schema-ajv.ts), as the checker registers it.
 */
const files = import.meta.glob<Record<string, unknown>>('/schemas/**/*.schema.json', { eager: true, import: 'default' })

/** Path under schemas/ (`blocks/cardGrid.schema.json`) → the schema, its `$id` its address. */
export const schemaFiles: ReadonlyMap<string, Record<string, unknown>> = new Map(
  Object.entries(files)
    .map(([file, schema]): [string, Record<string, unknown>] => {
      const relative = file.slice('/schemas/'.length)
      return [relative, schemaAtAddress(relative, schema)]
    })
    .sort(([a], [b]) => a.localeCompare(b)),
)
