import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from '../../scripts/lib/paths.ts'
import { repositoryFiles } from '../helpers/named-paths.ts'

interface Rule {
  name: string
  from: { path?: string }
  to: { path?: string; pathNot?: string }
}
const rules = (createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as { forbidden: Rule[] }).forbidden

/** Each folder the rules named `<prefix><folder><suffix>` hold, and the folders beside it that it may import, as `lint:deps` enforces them. */
function foldersOfRules(prefix: string, suffix: string) {
  return new Map(
    rules
      .filter((rule) => rule.name.startsWith(prefix) && rule.name.endsWith(suffix))
      .map((rule) => {
        const folder = rule.name.slice(prefix.length, -suffix.length)
        const allowed = /\(([^)]*)\)\/$/.exec(rule.to.pathNot ?? '')?.[1]?.split('|') ?? []
        return [folder, allowed.filter((other) => other !== folder).sort()] as const
      }),
  )
}
const layers = foldersOfRules('', '-layer')
const serverFolders = foldersOfRules('server-', '-folder')

const architecture = fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8')

/** The rows of the first table after `heading`: each row's cells, the first one's code span unwrapped. */
function tableAfter(heading: string): string[][] {
  const from = architecture.indexOf(heading)
  expect(from, `docs/architecture.md has no "${heading}"`).toBeGreaterThanOrEqual(0)
  const lines = architecture.slice(from).split('\n')
  const start = lines.findIndex((line) => line.startsWith('|'))
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'))
  return lines.slice(start + 2, end).map((line) =>
    line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim()),
  )
}
const folderOf = (cell: string) => /^`([^`]+)\/`$/.exec(cell)?.[1] ?? cell
const foldersIn = (cell: string) => [...cell.matchAll(/`([a-z-]+)\/`/g)].map((match) => match[1]!).sort()

describe('docs/architecture.md draws the layers the dependency rules enforce', () => {
  const layerRows = tableAfter('## Layers and what each may import')
  const otherRows = tableAfter('Other top-level folders')

  it('has one row per layer of .dependency-cruiser.cjs, and the tests', () => {
    expect(layers.size).toBeGreaterThan(5)
    expect(layerRows.map(([folder]) => folderOf(folder!)).sort()).toEqual([...layers.keys(), 'tests'].sort())
  })

  it("names in each row's last column exactly the folders that layer may import", () => {
    const documented = new Map(layerRows.filter(([folder]) => folderOf(folder!) !== 'tests').map((row) => [folderOf(row[0]!), foldersIn(row.at(-1)!)]))
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(layers))
  })

  it('places every top-level folder of the repository in one of its tables and in its drawing', () => {
    const topFolders = [
      ...new Set(
        repositoryFiles()
          .filter((file) => file.includes('/') && !file.startsWith('.'))
          .map((file) => file.split('/')[0]!),
      ),
    ].sort()
    const rows = [...layerRows, ...otherRows].map(([folder]) => folderOf(folder!))
    expect(rows.sort()).toEqual(topFolders)
    const drawing = architecture.slice(architecture.indexOf('```'), architecture.indexOf('```', architecture.indexOf('```') + 3))
    expect(topFolders.filter((folder) => !drawing.includes(`${folder}/`))).toEqual([])
  })
})

describe("docs/architecture.md's table of server folders is the one the dependency rules enforce", () => {
  const rows = tableAfter('Inside `server/`')

  it('has one row per server folder of .dependency-cruiser.cjs, and the composition roots', () => {
    expect(serverFolders.size).toBeGreaterThan(5)
    expect(rows.map(([folder]) => folderOf(folder!)).sort()).toEqual([...serverFolders.keys(), 'compose'].sort())
  })

  it("names in each row's last column exactly the server folders that folder may import", () => {
    const documented = new Map(rows.filter(([folder]) => folderOf(folder!) !== 'compose').map((row) => [folderOf(row[0]!), foldersIn(row.at(-1)!)]))
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(serverFolders))
  })

  it('lists every folder there is under server/', () => {
    const onDisk = [
      ...new Set(
        repositoryFiles()
          .filter((file) => /^server\/[^/]+\//.test(file))
          .map((file) => file.split('/')[1]!),
      ),
    ].sort()
    expect(rows.map(([folder]) => folderOf(folder!)).sort()).toEqual(onDisk)
  })
})
