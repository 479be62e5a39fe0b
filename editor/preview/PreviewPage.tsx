import { useEffect, useRef, useSyncExternalStore } from 'react'
import { BlockList } from '../../runtime/blocks'
import type { PreviewMessage } from './preview-message'

/** The last message from the editor; pages re-render from it without rebuilding the router. */
export const previewStore = (() => {
  let current: PreviewMessage | undefined
  const listeners = new Set<() => void>()
  return {
    get: () => current,
    set(message: PreviewMessage) {
      current = message
      for (const listener of listeners) listener()
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
})()

/** One page of the unsaved config, each block in a layout-neutral wrapper the editor can point at. */
export function PreviewPage({ path }: { path: string }) {
  const message = useSyncExternalStore(previewStore.subscribe, previewStore.get)
  const route = message?.config.routes.find((candidate) => candidate.path === path)
  const selected = message?.path === path ? message.block : null
  const container = useRef<HTMLDivElement>(null)
  const scrolledTo = useRef<number | null>(null)

  useEffect(() => {
    const element = container.current?.querySelector(`[data-editor-block="${selected}"] > *`)
    if (!element) return
    const { top, bottom } = element.getBoundingClientRect()
    // Follow a newly selected block; while typing in it, move only if it left the view.
    if (scrolledTo.current !== selected || bottom < 0 || top > window.innerHeight) element.scrollIntoView({ block: 'start' })
    scrolledTo.current = selected
  })

  return (
    <div ref={container} style={{ display: 'contents' }}>
      {route?.blocks.map((block, index) => (
        <div key={index} data-editor-block={index} data-editor-selected={selected === index || undefined} style={{ display: 'contents' }}>
          <BlockList blocks={[block]} where={path} />
        </div>
      ))}
    </div>
  )
}
