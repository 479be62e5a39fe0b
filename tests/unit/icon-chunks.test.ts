import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { iconNamesIn } from '../../site/icon-names.ts'
import { iconModules } from '../../scripts/lib/icon-chunks'
import { root } from '../../scripts/lib/paths'

const schemaNames: string[] = JSON.parse(fs.readFileSync(path.join(root, 'schemas/defs/icon.schema.json'), 'utf8')).enum

describe('icon chunks', () => {
  it('reads the module of every icon name from kit/icon-loaders.ts, each a file that exists', () => {
    const modules = iconModules()
    expect([...modules.keys()].sort()).toEqual([...schemaNames].sort())
    for (const module of modules.values()) expect(fs.existsSync(path.join(root, module)), module).toBe(true)
  })

  it('finds the icons blocks name at any depth, each once', () => {
    const blocks = [
      { type: 'cardGrid', cards: [{ icon: 'cloud', title: 'A' }, { icon: 'lock' }, { icon: 'cloud' }] },
      { type: 'textSection', icon: 'target', paragraphs: ['icon'] },
      { type: 'techGroups', groups: [{ icon: 'cpu', points: [{ icon: 'api' }] }] },
    ]
    expect([...iconNamesIn(blocks)].sort()).toEqual(['api', 'cloud', 'cpu', 'lock', 'target'])
  })
})
