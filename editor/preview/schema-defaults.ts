import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { schemaDefaults } from '../../site/schema-defaults.ts'
import { schemaFiles } from '../schema-files.ts'

/**
 * The editor's unsaved config (or one block of it) with the schemas' defaults filled in by the same
 * code the build and the dev server use (site/schema-defaults.ts), from the schema files Vite
 * bundles: the blocks receive complete props here too. Whether the config is valid is the editor's
 * checker's business, not this.
 */
export const { withSchemaDefaults, blockWithDefaults } = schemaDefaults({ Ajv, addFormats }, [...schemaFiles.values()])
