import type { Block } from '../../site/generated/site-config'

/** The page the preview shows: its blocks with the schemas' defaults filled in, and the selected one. */
export interface ShownPage {
  path: string
  blocks: Block[]
  selected: number | null
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
