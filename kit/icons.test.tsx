import { render } from '@testing-library/react'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { icons } from './icons'

// A .tsx file so the DOM test project picks it up (it matches kit/**/*.test.tsx).
const schemaFile = path.join(__dirname, '../schemas/defs/icon.schema.json')
const schemaNames: string[] = JSON.parse(fs.readFileSync(schemaFile, 'utf8')).enum

describe('icon map', () => {
  it('has a component for every icon name the config may use, and no name the schema lacks', () => {
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
})
