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

  it("gives every block that moves a plain-script enhancer a built page can load without React, or leaves it to React's hydration", async () => {
    const enhanced = Object.entries(registry).filter(([, entry]) => 'enhance' in entry)
    for (const [type, entry] of enhanced) {
      expect(entry.interactive, `blocks/${type} has an enhancer but no moment to run it`).not.toBe(false)
      const module = await (entry as { enhance: () => Promise<{ default: unknown }> }).enhance()
      expect(typeof module.default, `blocks/${type}'s enhancer`).toBe('function')
    }
    // Today only the forms need React on a built page.
    const hydrated = Object.entries(registry).filter(([, entry]) => entry.interactive !== false && !('enhance' in entry))
    expect(hydrated.map(([type]) => type)).toEqual(['form'])
  })
})
