/** docs/icons.md, the icon gallery an author picks from, stays complete and fresh. */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const iconNames = (JSON.parse(fs.readFileSync(path.join(root, 'schemas/defs/icon.schema.json'), 'utf8')) as { enum: string[] }).enum

describe('docs/icons.md', () => {
  it('is what npm run docs:icons writes from the schema and the icon components', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/docs-icons.ts', '--check'], { cwd: root, encoding: 'utf8' })
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('draws every icon of the enum, with its name and a meaning', () => {
    const gallery = fs.readFileSync(path.join(root, 'docs/icons.md'), 'utf8')
    for (const name of iconNames) expect(gallery).toMatch(new RegExp(`^\\| <svg [^\\n]*tabler-icon[^\\n]*</svg> \\| \`${name}\` \\| [A-Z][^|]+ \\|$`, 'm'))
  })
})
