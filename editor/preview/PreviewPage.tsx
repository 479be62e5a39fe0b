import { useViewportSize } from '@mantine/hooks'
import { memo, useEffect, useRef, useSyncExternalStore } from 'react'
import { BlockList } from '../../runtime/blocks'
import type { Block } from '../../site/generated/site-config'
import { previewStore } from './preview-store'

interface PreviewBlockProps {
  block: Block
  index: number
  path: string
  selected: boolean
}

/**
 * One block in a layout-neutral wrapper the editor can point at. Memoised: typing in one block
 * re-renders that block alone, as the others arrive as the same objects.
 */
const PreviewBlock = memo(function PreviewBlock({ block, index, path, selected }: PreviewBlockProps) {
  return (
    <div data-editor-block={index} data-editor-selected={selected || undefined} style={{ display: 'contents' }}>
      <BlockList blocks={[block]} where={path} />
    </div>
  )
})

/** One page of the unsaved config, each block where the editor can point at it. */
export function PreviewPage({ path }: { path: string }) {
  const page = useSyncExternalStore(previewStore.subscribe, previewStore.get)
  const shown = page?.path === path ? page : undefined
  const selected = shown?.selected ?? null
  const container = useRef<HTMLDivElement>(null)
  const scrolledTo = useRef<number | null>(null)
  // Another width (the editor's phone, tablet, desktop) moves the blocks: look again whether the selected one is in view.
  useViewportSize()

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
      {shown?.blocks.map((block, index) => (
        <PreviewBlock key={index} block={block} index={index} path={path} selected={selected === index} />
      ))}
    </div>
  )
}
