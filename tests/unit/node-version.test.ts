import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from '../../scripts/lib/paths.ts'

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')
const packageJson = JSON.parse(read('package.json')) as { engines: { node: string }; devDependencies: Record<string, string> }
const majorOf = (text: string) => Number(/(\d+)/.exec(text)?.[1])

describe('the Node.js version', () => {
  const major = majorOf(read('.nvmrc'))

  it('is a supported LTS line', () => {
    // Even-numbered lines become LTS; 20 reached its end of life on 2026-04-30.
    expect(major % 2).toBe(0)
    expect(major).toBeGreaterThanOrEqual(22)
  })

  it('is the same in .nvmrc, engines, the node development dependency, the systemd unit and docs/deploy.md', () => {
    expect(majorOf(packageJson.engines.node), 'engines').toBe(major)
    // The exact version, not only the line: the workflows install what .nvmrc names, the tests here run on the dependency.
    expect(packageJson.devDependencies.node, 'the node development dependency').toBe(read('.nvmrc').trim())
    expect(read('deploy/site.service')).toContain(`Node.js ${major} LTS`)
    expect(read('docs/deploy.md')).toContain(`**Node.js ${major}**`)
  })

  it('is what the tests run on', () => {
    expect(majorOf(process.versions.node)).toBe(major)
  })
})
