import type { Block, SiteConfig } from '../../site/generated/site-config'

/** A place in a block: ['heading'], ['cards', 2, 'title']; [] for the block as a whole. */
export type FieldPath = (string | number)[]

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
  /** The page to show, at its address in the config (`/about`, whatever the language). */
  path: string
  /** The language to show it in, a code of `site.locales`; absent for a site's default language. */
  language?: string
  /** How many blocks the page has. */
  blockCount: number
  /** The page's blocks that differ from those sent before, with their index; none when `config` comes. */
  changedBlocks: [index: number, block: Block][]
  /** The selected block, scrolled to and outlined; null for none. */
  block: number | null
  /** The place in the selected block of the field the author is on: the preview shows it (the carousel's slide, a logo in its strip). */
  field: FieldPath
}

/** What the preview frame sends back: it is ready for the first message (sent again on reload). */
export const previewReadyMessage = 'editor-preview-ready'

/**
 * The author's clicks and keys in the preview (PreviewPick, PreviewKey) go to the editor as an
 * event of this name on the frame's own element, which the editor page handles at once, in the
 * click's or key's own turn. A posted message would wait: a browser handles the keys typed next
 * before it delivers messages, and a key held back from the page would arrive after the ones
 * typed after it. Only a page of the editor's own origin can reach the frame's element.
 */
export const PREVIEW_INPUT_EVENT = 'editor-preview-input'

/**
 * What the preview frame sends when the author clicks in a block: the block, and the place in it
 * of the text clicked (['heading'], ['cards', 2, 'title']), empty when the click was on no text.
 */
export interface PreviewPick {
  type: 'editor-preview-pick'
  block: number
  field: FieldPath
  /** Where in the field's text the click was (a string index), when the preview could tell. */
  caret?: number
}

/**
 * A key the author typed in the preview after a click there, before the editor had moved the
 * focus to the field clicked: the frame holds it back from the page and hands it on, and the
 * editor types it into the field once it has the focus, so no keystroke is lost.
 */
export interface PreviewKey {
  type: 'editor-preview-key'
  /** A character to insert, or one of HELD_EDITING_KEYS. */
  key: string
}

/** Editing keys held besides characters: what a person types right after a click to change a text. */
export const HELD_EDITING_KEYS = ['Backspace', 'Delete', 'Enter', 'SelectAll'] as const

/** How long after a click keys are handed over: longer than the editor takes to open and focus a field (field-anchor.ts waits 2 s at most). */
export const KEY_HAND_OVER_MS = 3000

export const isPreviewMessage = (data: unknown): data is PreviewMessage => (data as PreviewMessage | null)?.type === 'editor-preview'

export const isPreviewPick = (data: unknown): data is PreviewPick => (data as PreviewPick | null)?.type === 'editor-preview-pick'

export const isPreviewKey = (data: unknown): data is PreviewKey => (data as PreviewKey | null)?.type === 'editor-preview-key' && typeof (data as PreviewKey).key === 'string'
