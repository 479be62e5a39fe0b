import { errorCatalogue, say } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import type { SourcePositions } from './source-positions.ts'
import { currentFormat, formatSteps } from '../migrate/format-steps.ts'
import { plannedMigration } from '../migrate/migrate-config.ts'

/**
 * A config of another format than today's, as one finding at its `format` (or the top), said
 * instead of every schema error its old shape would raise: an older one names `npm run migrate`,
 * a newer or unknown one says this version cannot read it. Nothing for today's format.
 */
export function otherFormatFindings(data: unknown, positions: SourcePositions, file: string): Finding[] {
  const stated = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as { format?: unknown }).format : undefined
  const where = stated === undefined ? { line: 1, column: 1 } : positions.valuePosition(['format'])
  const found = (said: ReturnType<typeof say>): Finding[] => [{ ...said, wherePath: [], ...(stated === undefined ? {} : { valuePath: ['format'] }), ...where }]
  const migration = plannedMigration(data)
  if (!migration) return found(say(errorCatalogue.newerFormat, { stated, current: currentFormat }))
  if (migration.from >= currentFormat) return []
  return found(say(errorCatalogue.olderFormat, { from: migration.from, current: currentFormat, changes: formatSteps.slice(migration.from - 1).map((step) => step.change), file }))
}
