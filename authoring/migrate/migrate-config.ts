import { parse, parseTree, type ParseError } from 'jsonc-parser'
import type { ConfigEdit } from './config-edits.ts'
import { editedConfig, editedText, objectAt } from './config-edits.ts'
import { currentFormat, formatSteps } from './format-steps.ts'
import { formatValue, lineIndent } from '../config/config-edit.ts'

/** A config's format as it names it: `format`, or 1 when absent (configs from before it was named). */
function statedFormat(config: unknown): number | undefined {
  const format = objectAt(config, [])?.format
  if (format === undefined) return 1
  return Number.isInteger(format) && (format as number) >= 1 ? (format as number) : undefined
}

export interface Migration {
  /** The format the config was in: as stated, or, without `format`, the oldest whose step changes it. */
  from: number
  /** Each step that changed something: its change, and its notes on what it could not carry over. */
  steps: { from: number; change: string; notes: string[] }[]
  /** Every edit, in order; empty when the config needs none. */
  edits: ConfigEdit[]
}

/**
 * What brings a config to today's format. A config without `format` whose shape needs no step is
 * today's (it was written before configs named their format) and needs only `format` added.
 * Undefined for a format newer than this tool knows, or not a whole number from 1 up.
 */
export function plannedMigration(config: unknown): Migration | undefined {
  const stated = statedFormat(config)
  if (stated === undefined || stated > currentFormat) return undefined
  const steps: Migration['steps'] = []
  const edits: ConfigEdit[] = []
  let current = config
  for (const step of formatSteps.slice(stated - 1)) {
    const outcome = step.edits(current)
    if (outcome.edits.length === 0 && outcome.notes.length === 0) continue
    steps.push({ from: step.from, change: step.change, notes: outcome.notes })
    edits.push(...outcome.edits)
    current = editedConfig(current, outcome.edits)
  }
  const named = objectAt(config, [])?.format !== undefined
  const from = named ? stated : (steps[0]?.from ?? currentFormat)
  if (from < currentFormat || !named) edits.push({ path: ['format'], value: currentFormat })
  return { from, steps, edits }
}

/**
 * The config's text brought to today's format with the minimal-diff writer; `format` goes at the
 * top (after `$schema`), where a person looks for it.
 */
export function migratedText(text: string, migration: Migration): string {
  const edits = migration.edits.filter((edit) => edit.path[0] !== 'format')
  const edited = editedText(text, edits)
  return 'format' in (objectAt(parse(edited), []) ?? {}) ? editedText(edited, [{ path: ['format'], value: currentFormat }]) : withFormatAtTop(edited)
}

function withFormatAtTop(text: string): string {
  const top = parseTree(text)
  const members = top?.type === 'object' ? (top.children ?? []) : []
  const first = members[0]
  if (!first) return editedText(text, [{ path: ['format'], value: currentFormat }])
  const schema = members.find((member) => member.children?.[0]?.value === '$schema')
  const indent = lineIndent(text, first.offset)
  const property = `"format": ${formatValue(currentFormat, indent)}`
  // On a line of its own when the members are, else on the same line.
  const separator = text.slice(text.lastIndexOf('\n', first.offset) + 1, first.offset).trim() === '' ? `,\n${indent}` : ', '
  if (schema) return text.slice(0, schema.offset + schema.length) + separator + property + text.slice(schema.offset + schema.length)
  return text.slice(0, first.offset) + property + separator + text.slice(first.offset)
}

/**
 * A config text of an older format brought to today's in memory, for what builds from it (the
 * build, the content build, the dev server, publishing), with the format it was (`from`) and the
 * warning a command prints naming `npm run migrate`; any other text (today's, not JSON, a newer
 * format) as it is, for the checker to judge.
 */
export function migratedInMemory(text: string, label: string): { text: string; from?: number; warning?: string } {
  const errors: ParseError[] = []
  const config: unknown = parse(text, errors, { disallowComments: true })
  const migration = errors.length === 0 ? plannedMigration(config) : undefined
  if (!migration || migration.from >= currentFormat) return { text }
  return {
    text: migratedText(text, migration),
    from: migration.from,
    warning: `⚠ ${label} is format ${migration.from}; it was read as format ${currentFormat} in memory (the file is unchanged). Run \`npm run migrate -- ${label}\` to update the file.`,
  }
}
