import type { Block, SiteConfig } from '../../site/generated/site-config'

/**
 * What the editor sends its preview frame after each change. A keystroke changes one block, so
 * only what changed travels: the whole config comes with the first message (and after the frame
 * reloads) and whenever anything but the pages' blocks changed (settings, menus, footer, words,
 * the route table); otherwise only the shown page's blocks that are not the ones sent before.
 */
export interface PreviewMessage {
  type: 'editor-preview'
  /** The whole unsaved config, when anything but the pages' blocks changed; the page's blocks are then its own. */
  config?: SiteConfig
  /** The page to show. */
  path: string
  /** How many blocks the page has. */
  blockCount: number
  /** The page's blocks that differ from those sent before, with their index; none when `config` comes. */
  changedBlocks: [index: number, block: Block][]
  /** The selected block, scrolled to and outlined; null for none. */
  block: number | null
}

/** What the preview frame sends back: it is ready for the first message (sent again on reload). */
export const previewReadyMessage = 'editor-preview-ready'

/**
 * What the preview frame sends when the author clicks in a block: the block, and the place in it
 * of the text clicked (['heading'], ['cards', 2, 'title']), empty when the click was on no text.
 */
export interface PreviewPick {
  type: 'editor-preview-pick'
  block: number
  field: (string | number)[]
}

export const isPreviewMessage = (data: unknown): data is PreviewMessage => (data as PreviewMessage | null)?.type === 'editor-preview'

export const isPreviewPick = (data: unknown): data is PreviewPick => (data as PreviewPick | null)?.type === 'editor-preview-pick'
