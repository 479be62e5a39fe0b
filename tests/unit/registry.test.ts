import { describe, expect, it } from 'vitest'
import { registry } from '../../blocks/registry'
import { listBlockTypes } from '../../authoring/schemas/block-schemas'

describe('block registry', () => {
  it('has a component for every block schema and a schema for every component', () => {
    expect(Object.keys(registry).sort()).toEqual(listBlockTypes())
  })

  it('loads a component for every registered type', async () => {
    for (const [type, entry] of Object.entries(registry)) {
      const module = await (entry.load as () => Promise<{ default: unknown }>)()
      expect(typeof module.default, `blocks/${type} default export`).toBe('function')
    }
  })
})
