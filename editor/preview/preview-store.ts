import type { Block } from '../../site/generated/site-config'
import type { FieldPath } from './preview-message'

/** The page the preview shows: its blocks with the schemas' defaults filled in, the selected one, and the field the author is on in it. */
export interface ShownPage {
  path: string
  blocks: Block[]
  selected: number | null
  field: FieldPath
}

/**
 * The shown page, as the editor's messages last left it. Pages re-render from it without
 * rebuilding the router; a block that did not change keeps its object, so it does not re-render.
 */
export const previewStore = (() => {
  let current: ShownPage | undefined
  const listeners = new Set<() => void>()
  return {
    get: () => current,
    set(page: ShownPage) {
      current = page
      for (const listener of listeners) listener()
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
})()
