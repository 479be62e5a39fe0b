import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import type { BlockRegistry } from '../blocks/registry'
import type { Hydration } from '../kit/hydration'
import type { Block } from '../site/generated/site-config'
import { Island } from '../kit/islands/Island'

// A component renders only the block its type names (the registry's type ties the two together),
// so seen from here each takes a Block.
type AnyBlockComponent = ComponentType<Block>

type AnyBlockEntry = { load: () => Promise<{ default: AnyBlockComponent }>; interactive: Hydration; enhance?: unknown; island?: unknown }

/**
 * Renders blocks through a registry. Components loaded ahead (`preload`: the prerender loads them
 * all, a page's loader its own) render synchronously; others load lazily inside their own Suspense
 * boundary (`npm run dev`, the editor's preview). A block the registry calls interactive is an
 * island (runtime/islands/): a built page enhances or hydrates it on its own and leaves the others
 * as prerendered.
 */
export function createBlockRenderer(registry: BlockRegistry) {
  const loaded = new Map<string, AnyBlockComponent>()
  const lazies = new Map<string, LazyExoticComponent<AnyBlockComponent>>()

  // `at` names the block in the config. A build never meets an unknown type (the checker refuses
  // the config first), so only `npm run dev` and the editor's preview carry the message.
  function entryFor(type: string, at = ''): AnyBlockEntry {
    const entry = (registry as Record<string, AnyBlockEntry>)[type]
    if (!entry && import.meta.env.DEV) {
      throw new Error(`Unknown block type "${type}"${at && ` at ${at}`}. Known types: ${Object.keys(registry).join(', ')}.`)
    }
    return entry!
  }

  async function preload(types: Iterable<string>): Promise<void> {
    await Promise.all(
      [...new Set(types)].map(async (type) => {
        if (!loaded.has(type)) loaded.set(type, (await entryFor(type).load()).default)
      }),
    )
  }

  function componentFor(type: string, at: string): AnyBlockComponent {
    const ready = loaded.get(type)
    if (ready) return ready
    let component = lazies.get(type)
    if (!component) {
      component = lazy(entryFor(type, at).load)
      lazies.set(type, component)
    }
    return component
  }

  function BlockList({ blocks, where }: { blocks: Block[]; where: string }) {
    return blocks.map((block, index) => {
      const Component = componentFor(block.type, import.meta.env.DEV ? `${where} blocks[${index}]` : '')
      const entry = entryFor(block.type)
      return (
        <Suspense key={index} fallback={null}>
          {/* A block that places its own island around the part that moves is no island as a whole. */}
          <Island name={block.type} hydration={entry.island ? false : entry.interactive} component={Component} props={block} enhanced={Boolean(entry.enhance)} />
        </Suspense>
      )
    })
  }

  return { preload, BlockList }
}
