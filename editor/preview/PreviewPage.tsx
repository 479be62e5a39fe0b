import { useViewportSize } from '@mantine/hooks'
import { memo, useEffect, useRef, useSyncExternalStore } from 'react'
import { EditedPlace } from '../../kit/motion/edited-item'
import { BlockList } from '../../runtime/blocks'
import type { Block } from '../../site/generated/site-config'
import { elementOfField } from './field-element'
import type { FieldPath } from './preview-message'
import { previewStore } from './preview-store'

interface PreviewBlockProps {
  block: Block
  index: number
  path: string
  selected: boolean
  /** The place in it of the field the author is on; NO_FIELD for every block but the selected one. */
  field: FieldPath
}

const NO_FIELD: FieldPath = []

/**
 * One block in a layout-neutral wrapper the editor can point at. Memoised: typing in one block
 * re-renders that block alone, as the others arrive as the same objects.
 */
const PreviewBlock = memo(function PreviewBlock({ block, index, path, selected, field }: PreviewBlockProps) {
  return (
    <div data-editor-block={index} data-editor-selected={selected || undefined} style={{ display: 'contents' }}>
      <EditedPlace.Provider value={field}>
        <BlockList blocks={[block]} where={path} />
      </EditedPlace.Provider>
    </div>
  )
})

const inView = (element: Element) => {
  const { top, bottom } = element.getBoundingClientRect()
  return bottom >= 0 && top <= window.innerHeight
}

/** One page of the unsaved config, each block where the editor can point at it, the field being edited pointed out. */
export function PreviewPage({ path }: { path: string }) {
  const page = useSyncExternalStore(previewStore.subscribe, previewStore.get)
  const shown = page?.path === path ? page : undefined
  const selected = shown?.selected ?? null
  const field = shown?.field ?? NO_FIELD
  const container = useRef<HTMLDivElement>(null)
  const followed = useRef<string | null>(null)
  const marked = useRef<Element | null>(null)
  // Another width (the editor's phone, tablet, desktop) moves the blocks: look again whether the selected one is in view.
  useViewportSize()

  useEffect(() => {
    const wrapper = container.current?.querySelector(`[data-editor-block="${selected}"]`)
    const fieldElement = wrapper && selected !== null ? elementOfField(wrapper, shown!.blocks[selected], field) : null
    if (marked.current !== fieldElement) {
      marked.current?.removeAttribute('data-editor-field')
      fieldElement?.setAttribute('data-editor-field', '')
      marked.current = fieldElement
    }
    const target = fieldElement ?? wrapper?.firstElementChild
    if (!target) return
    // Follow a newly selected block or field; while typing in it, move only if it left the view.
    const place = fieldElement ? JSON.stringify([selected, field]) : String(selected)
    if (followed.current !== place || !inView(target)) target.scrollIntoView({ block: fieldElement ? 'center' : 'start' })
    followed.current = place
  })

  return (
    <div ref={container} style={{ display: 'contents' }}>
      {shown?.blocks.map((block, index) => (
        <PreviewBlock key={index} block={block} index={index} path={path} selected={selected === index} field={selected === index ? field : NO_FIELD} />
      ))}
    </div>
  )
}
