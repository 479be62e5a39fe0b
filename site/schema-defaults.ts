import type { AnySchemaObject, Options, ValidateFunction } from 'ajv'
import { compileSchemaFile, createSchemaAjv, type AjvLibrary } from './schema-ajv.ts'

export interface SchemaDefaults {
  /**
   * The config as the site renders it: every property the schemas give a `default` filled in
   * (ajv's useDefaults), nested objects and array items too, so components receive complete props
   * and no component repeats a default. The value passed in is left as it was.
   */
  withSchemaDefaults<T>(config: T): T
  /** One block with its schema's defaults: what a block component receives. */
  blockWithDefaults<T extends { type: string }>(block: T): T
}

/**
 * How ajv fills in defaults, here and in the built editor's precompiled copy (scripts/lib/precompiled-defaults.ts).
 * Every error is looked for, so ajv goes on past the first one: a draft in the middle of an edit (an
 * empty footer link just added) still gets the defaults of every part after it, the site's words
 * among them, and its preview shows the page. A valid config is filled in the same either way.
 */
export const DEFAULTS_OPTIONS = { useDefaults: true, allErrors: true } as const satisfies Options

/**
 * The one filling-in of defaults, from schemas given as data (each at its address, site/schema-ajv.ts):
 * the build and the dev server pass the files read from disk (authoring/config/config-defaults.ts),
 * the editor's preview the files Vite bundles (editor/preview/schema-defaults.ts), so a page looks the
 * same in both. Each schema is compiled on first use.
 */
export function schemaDefaults(library: AjvLibrary, schemas: readonly AnySchemaObject[]): SchemaDefaults {
  const ajv = createSchemaAjv(library, DEFAULTS_OPTIONS, schemas)
  const filler = (relative: string) => {
    let apply: ValidateFunction | undefined
    return <T>(value: T): T => {
      apply ??= compileSchemaFile(ajv, schemas, relative)
      const complete = structuredClone(value)
      // The verdict is the checker's business (npm run validate, the dev overlay, the editor); this only fills in.
      apply(complete)
      return complete
    }
  }
  return { withSchemaDefaults: filler('site.schema.json'), blockWithDefaults: filler('block.schema.json') }
}
