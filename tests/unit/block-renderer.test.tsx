import { describe, expect, it } from 'vitest'
import type { BlockRegistry } from '../../blocks/registry'
import { createBlockRenderer } from '../../runtime/block-view'

describe('block renderer', () => {
  const fakeRegistry = { placeholder: { load: async () => ({ default: () => <p>ok</p> }), interactive: false } } as unknown as BlockRegistry

  it('fails loudly with the route, the index and the known types for an unknown block type', () => {
    const { BlockList } = createBlockRenderer(fakeRegistry)
    const blocks = [{ type: 'placeholder' }, { type: 'heroo' }] as never
    expect(() => BlockList({ blocks, where: '/about' })).toThrow('Unknown block type "heroo" at /about blocks[1]. Known types: placeholder.')
  })

  it('renders preloaded blocks without suspending, so the prerendered HTML is complete', async () => {
    const { BlockList, preload } = createBlockRenderer(fakeRegistry)
    await preload(['placeholder'])
    const [element] = BlockList({ blocks: [{ type: 'placeholder' }] as never, where: '/' }) as { props: { children: { props: { component: unknown } } } }[]
    const component = element!.props.children.props.component
    expect(typeof component).toBe('function')
    expect((component as { $$typeof?: symbol }).$$typeof).toBeUndefined()
  })
})
