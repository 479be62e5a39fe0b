import { migratedInMemory } from '../authoring/migrate/migrate-config.ts'
import { currentFormat } from '../authoring/migrate/format-steps.ts'
import type { Logger } from '../ground/log.ts'

/**
 * Texts read lately, with what each reads as. Reading a version of today's format costs a parse (a
 * few ms); migrating one of an older format a few hundred ms for a large config: each older version
 * is migrated once, not at every editor load or publish that reads it.
 */
const REMEMBERED = 8

/** A text as today's format reads it, and the format it was in when older. */
export interface Migration {
  text: string
  from?: number | undefined
}

/**
 * Where the migration runs. The server hands in its checker's thread (editor/server/checker-thread.ts):
 * a large config's migration takes a few hundred ms, which the event loop owes visitors. The
 * commands and tests run it here.
 */
export type MigrateText = (text: string, label: string) => Promise<Migration>

const migrateHere: MigrateText = async (text, label) => migratedInMemory(text, label)

/**
 * Reads a stored version in today's config format: a version published before a format change
 * (the current one at start-up, one rolled back to, one a page is restored from) still checks and
 * builds, read as today's in memory (authoring/migrate/). The store keeps it as it was; the next
 * publish stores the text it checked, in today's format. One warning per version, naming it.
 */
export function todaysFormatReader(log: Logger, migrate: MigrateText = migrateHere): (text: string, source: { version: string } | { author: string }) => Promise<string> {
  const warned = new Set<string>()
  const remembered = new Map<string, Promise<Migration>>()
  const read = (text: string, what: string) => {
    let migration = remembered.get(text)
    if (!migration) {
      // Remembered while it runs, so two readers of one version wait for one migration; forgotten if it fails.
      migration = migrate(text, what)
      remembered.set(text, migration)
      migration.catch(() => remembered.delete(text))
      if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value!)
    }
    return migration
  }
  return async (text, source) => {
    const what = 'version' in source ? `version ${source.version}` : `the text ${source.author} published`
    const { text: todays, from } = await read(text, what)
    if (from !== undefined && !warned.has(what)) {
      warned.add(what)
      log.warn(
        { ...source, format: from, currentFormat },
        `${what} is config format ${from}: it is checked and built as format ${currentFormat} in memory, and stored so by the next publish (a config file of that format is updated with \`npm run migrate\`)`,
      )
    }
    return todays
  }
}
