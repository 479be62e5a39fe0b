import fs from 'node:fs'
import type { SiteForms } from '../../site/form-payload.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { withSchemaDefaults } from './config-defaults.ts'
import { migratedInMemory } from '../migrate/migrate-config.ts'

/**
 * The forms a config file declares, with the schema's defaults filled in: what the build hands the
 * production server in dist/.site-forms.json, read straight from the file by the dev server, the
 * benchmarks and the tests (an older format read as today's, as the build reads it). None while the file cannot be read (the dev page shows the checker's report then).
 */
export function declaredForms(configFile: string): SiteForms {
  try {
    return withSchemaDefaults<SiteConfig>(JSON.parse(migratedInMemory(fs.readFileSync(configFile, 'utf8'), configFile).text)).forms ?? {}
  } catch {
    return {}
  }
}
