import path from 'node:path'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'
import { createAjv } from '../../authoring/schemas/ajv-setup.ts'
import { readSchemaFiles } from '../../authoring/schemas/schema-files.ts'
import { SCHEMA_BASE_URL } from '../../site/schema-ajv.ts'
import { DEFAULTS_OPTIONS } from '../../site/schema-defaults.ts'
import { root, schemasDir } from './paths.ts'

const require = createRequire(import.meta.url)
/** The preview's filling-in of defaults, which compiles the schemas in the browser (ajv's `new Function`). */
const PREVIEW_DEFAULTS = path.join(root, 'editor', 'preview', 'schema-defaults.ts')

/**
 * For the built editor, whose pages allow no eval (script-src 'self'): the preview's defaults
 * module (editor/preview/schema-defaults.ts) replaced by the same two fillers compiled to
 * JavaScript at build time (ajv "standalone", the same set-up and the same schema files, so the
 * same defaults). Formats are not compiled in: filling in defaults never needed their verdict.
 */
export function precompiledPreviewDefaults(): Plugin {
  return {
    name: 'editor-precompiled-preview-defaults',
    enforce: 'pre',
    load(id) {
      if (id !== PREVIEW_DEFAULTS) return null
      const files = readSchemaFiles(schemasDir)
      const ajv = createAjv(files, { ...DEFAULTS_OPTIONS, validateFormats: false, code: { source: true, esm: true } })
      const standalone = (require('ajv/dist/standalone') as typeof import('ajv/dist/standalone')).default
      const validators = standalone(ajv, { fillSite: `${SCHEMA_BASE_URL}site.schema.json`, fillBlock: `${SCHEMA_BASE_URL}block.schema.json` })
      return `${validators}
const filled = (fill) => (value) => {
  const complete = structuredClone(value)
  fill(complete)
  return complete
}
export const withSchemaDefaults = filled(fillSite)
export const blockWithDefaults = filled(fillBlock)
`
    },
  }
}
