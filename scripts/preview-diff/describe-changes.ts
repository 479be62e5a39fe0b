/** The config changes in short lines of plain text, for the report, the terminal and the job summary. */
import type { BlockChange, RouteConfigChange } from './config-diff.ts'

/** At most `limit` items, then how many more. */
function listed(items: string[], limit = 6): string {
  return items.length > limit ? `${items.slice(0, limit).join(', ')} and ${items.length - limit} more` : items.join(', ')
}

export function blockChangeText(change: BlockChange): string {
  const block = `blocks[${change.index}] (${change.type})`
  const was = change.from !== undefined && change.from !== change.index ? `, was blocks[${change.from}]` : ''
  if (change.kind === 'moved') return `${block} moved from blocks[${change.from}]`
  if (change.kind === 'changed') return `${block} changed${was}: ${listed(change.fields ?? [])}`
  return `${block} ${change.kind}`
}

/** One line per change of a page's config; a page added or removed as a whole is one line. */
export function routeChangeLines(change: RouteConfigChange): string[] {
  if (change.status !== 'changed') return [`page ${change.status} (blocks: ${listed(change.blocks.map((block) => block.type)) || 'none'})`]
  return [...(change.fields.length > 0 ? [`page fields changed: ${listed(change.fields)}`] : []), ...change.blocks.map(blockChangeText)]
}

export function siteWideText(paths: string[]): string {
  return `site-wide (every page): ${listed(paths)}`
}
