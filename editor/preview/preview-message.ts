import type { SiteConfig } from '../../site/generated/site-config'

/** What the editor sends its preview frame after each change: the unsaved config and what to show. */
export interface PreviewMessage {
  type: 'editor-preview'
  config: SiteConfig
  /** The page to show. */
  path: string
  /** The selected block, scrolled to and outlined; null for none. */
  block: number | null
}

/** What the preview frame sends back: it is ready for the first message (sent again on reload). */
export const previewReadyMessage = 'editor-preview-ready'

export const isPreviewMessage = (data: unknown): data is PreviewMessage => (data as PreviewMessage | null)?.type === 'editor-preview'
