import { writeFile } from 'node:fs/promises'
import { configOfText, describeChange, summarizeChange } from './change-summary.ts'
import { PublishConflict, type VersionMeta, type VersionStore } from './version-store.ts'

export interface CommandIo {
  store: VersionStore
  /** A line for the person. */
  say: (line: string) => void
  /** A line about a refusal or a mistake. */
  complain: (line: string) => void
  /** Bytes as they are (export to standard output). */
  write: (text: string) => void
  /** Who a rollback is recorded as when `--as` is not given. */
  operator: string
}

const USAGE = [
  'Usage: npm run site:versions -- <command>',
  '  list                          the kept versions, newest first (* the current one)',
  '  show <id>                     one version: who, when, on top of what, what changed',
  '  rollback <id> [--as <name>]   publish that version again, on top of the current one',
  '  export [<id>] [--out <file>]  the config as published (default: the current version)',
]

const summaryLine = (meta: VersionMeta) =>
  `${describeChange(meta.summary)}${meta.rollbackOf ? ` (rollback to ${meta.rollbackOf})` : ''}${meta.restoredPage ? ` (page ${meta.restoredPage.path} restored from ${meta.restoredPage.from})` : ''}`

/** Takes `--name value` out of `args`; undefined when absent, null when given without a value. */
function option(args: string[], name: string): string | undefined | null {
  const at = args.indexOf(name)
  if (at < 0) return undefined
  const [, value] = args.splice(at, 2)
  return value === undefined || value.startsWith('--') ? null : value
}

/**
 * The operator's versions command, apart from its process so a test can run it: exit 0 done,
 * 1 refused (no such version, someone published first), 2 not understood.
 */
export async function runVersionsCommand(argv: string[], io: CommandIo): Promise<number> {
  const [command, ...args] = argv
  const { store, say, complain } = io
  const notUnderstood = (problem: string) => {
    complain(problem)
    for (const line of USAGE) complain(line)
    return 2
  }
  const as = option(args, '--as')
  const out = option(args, '--out')
  if (as === null || out === null) return notUnderstood('--as and --out need a value.')
  const unexpected = args.find((arg) => arg.startsWith('--'))
  if (unexpected) return notUnderstood(`Unknown option ${unexpected}.`)
  const [id, extra] = args
  if (extra !== undefined) return notUnderstood(`Unexpected "${extra}".`)

  switch (command) {
    case 'list': {
      const current = (await store.current())?.meta.id
      const versions = await store.list()
      if (versions.length === 0) say('No version has been published yet.')
      for (const meta of versions) say(`${meta.id === current ? '*' : ' '} ${meta.id}  ${meta.publishedAt}  ${meta.author}  ${summaryLine(meta)}`)
      return 0
    }
    case 'show': {
      if (!id) return notUnderstood('Which version? Give its id (see `list`).')
      const version = await store.get(id)
      if (!version) return missing(io, id)
      const { meta } = version
      say(`version ${meta.id}${meta.id === (await store.current())?.meta.id ? ' (current)' : ''}`)
      say(`published ${meta.publishedAt} by ${meta.author}, on top of ${meta.base ?? '(nothing: the first version)'}`)
      if (meta.rollbackOf) say(`puts back version ${meta.rollbackOf}`)
      if (meta.restoredPage) say(`puts back page ${meta.restoredPage.path} as it was in ${meta.restoredPage.from}`)
      for (const path of meta.summary.routes.added) say(`  page added: ${path}`)
      for (const path of meta.summary.routes.removed) say(`  page removed: ${path}`)
      for (const { path, what } of meta.summary.routes.changed) say(`  ${path}: ${what.join(', ')}`)
      if (meta.summary.site.length) say(`  changed: ${meta.summary.site.join(', ')}`)
      return 0
    }
    case 'rollback': {
      if (!id) return notUnderstood('Roll back to which version? Give its id (see `list`).')
      const [target, current] = await Promise.all([store.get(id), store.current()])
      if (!target) return missing(io, id)
      const after = configOfText(target.configText)
      if (!after) {
        complain(`Version ${id} does not read as JSON; it is not published again.`)
        return 1
      }
      try {
        const meta = await store.publish({
          base: current?.meta.id ?? null,
          configText: target.configText,
          author: as ?? io.operator,
          summary: summarizeChange(configOfText(current?.configText), after),
          rollbackOf: id,
        })
        say(`Version ${meta.id} is now current: the text of ${id} again (${describeChange(meta.summary)}).`)
        say('Running servers build it and switch to it within a few seconds.')
        return 0
      } catch (error) {
        if (!(error instanceof PublishConflict)) throw error
        complain(`${error.message} Nothing was changed; run the rollback again if it is still wanted.`)
        return 1
      }
    }
    case 'export': {
      const version = id ? await store.get(id) : await store.current()
      if (!version) return id ? missing(io, id) : (complain('No version has been published yet.'), 1)
      if (out) {
        await writeFile(out, version.configText)
        say(`Wrote version ${version.meta.id} to ${out}.`)
      } else io.write(version.configText)
      return 0
    }
    default:
      return notUnderstood(command ? `Unknown command "${command}".` : 'Which command?')
  }
}

function missing({ complain }: CommandIo, id: string): number {
  complain(`There is no version ${id} (only the last versions are kept; \`list\` shows them).`)
  return 1
}
