import { render } from '@testing-library/react'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { iconLoaders } from './icon-loaders'
import { icons } from './icons'

// A .tsx file so the DOM test project picks it up (it matches kit/**/*.test.tsx).
const schemaFile = path.join(__dirname, '../schemas/defs/icon.schema.json')
const schemaNames: string[] = JSON.parse(fs.readFileSync(schemaFile, 'utf8')).enum

// kit/icons.ts is the icon table; the schema's enum and the loaders are generated from it by npm run gen:types.
describe('icon table', () => {
  it('has a component for every icon name the config may use, and no name the schema lacks (the generated schema is fresh)', () => {
    expect(Object.keys(icons).sort()).toEqual([...schemaNames].sort())
  })

  it('lists each name once in the schema', () => {
    expect(new Set(schemaNames).size).toBe(schemaNames.length)
  })

  it('maps every name to an icon that renders an svg', () => {
    for (const name of schemaNames) {
      const Icon = icons[name as keyof typeof icons]
      const { container, unmount } = render(<Icon aria-hidden="true" />)
      expect(container.querySelector('svg'), name).not.toBeNull()
      unmount()
    }
  })

  it('loads each icon on demand as its own module of the same Tabler icon as the table (the generated kit/icon-loaders.ts)', async () => {
    expect(Object.keys(iconLoaders).sort()).toEqual(Object.keys(icons).sort())
    for (const [name, load] of Object.entries(iconLoaders)) {
      // The package's index and its icon modules load as separate copies here: compare the icon's name.
      expect((await load()).default.displayName, name).toBe(icons[name as keyof typeof icons].displayName)
    }
  })
})
