import type { Block, SiteConfig } from '../../../site/generated/site-config'
import type { FieldPath, PreviewMessage } from '../../preview/preview-message'

/** What the frame holds from the messages sent so far; null before the first, and after it reloads. */
export interface SentPreview {
  config: SiteConfig
  path: string
  blocks: Block[]
  language?: string
}

/** Whether two objects hold the very same values under the same keys, `except` one, compared by identity. */
function sameEntries(a: object, b: object, except?: string): boolean {
  const keysOfA = Object.keys(a).filter((key) => key !== except)
  const keysOfB = Object.keys(b).filter((key) => key !== except)
  return keysOfA.length === keysOfB.length && keysOfA.every((key) => (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key])
}

/**
 * Whether only pages' blocks differ between two drafts. An edit copies just the branch it changes
 * (editor/client/state/json-path.ts), so every untouched part is the same object as before and
 * identity tells what changed without comparing any content.
 */
function onlyBlocksDiffer(before: SiteConfig, after: SiteConfig): boolean {
  if (!sameEntries(before, after, 'routes')) return false
  return before.routes.length === after.routes.length && before.routes.every((route, index) => sameEntries(route, after.routes[index]!, 'blocks'))
}

/** The message that brings the frame from what it was sent to this draft, page, selected block and field, and what it then holds. */
export function previewUpdate(
  sent: SentPreview | null,
  config: SiteConfig,
  path: string,
  block: number | null,
  field: FieldPath = [],
  language?: string,
): { message: PreviewMessage; sent: SentPreview } {
  const blocks = config.routes.find((route) => route.path === path)?.blocks ?? []
  const next = { config, path, blocks, language }
  const base = { type: 'editor-preview', path, blockCount: blocks.length, block, field, ...(language ? { language } : {}) } as const
  // Another language is another site (its texts, its menus, its addresses): it goes whole.
  if (!sent || sent.language !== language || !onlyBlocksDiffer(sent.config, config)) return { message: { ...base, config, changedBlocks: [] }, sent: next }
  const samePage = sent.path === path
  const changedBlocks = blocks.flatMap((candidate, index): [number, Block][] => (samePage && sent.blocks[index] === candidate ? [] : [[index, candidate]]))
  return { message: { ...base, changedBlocks }, sent: next }
}
