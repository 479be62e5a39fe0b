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

/** The folders below `under` ('' for the repository's top) that hold a tracked file, dotted ones aside. */
const foldersOnDisk = (under: string) =>
  [
    ...new Set(
      repositoryFiles()
        .filter((file) => file.startsWith(under) && file.slice(under.length).includes('/') && !file.startsWith('.'))
        .map((file) => file.slice(under.length).split('/')[0]!),
    ),
  ].sort()

/**
 * The table after `heading` has a row for each folder `enforced` holds and for `above` (which may
 * import them all), and its last column names exactly what each may import.
 */
function holdsTable(heading: string, enforced: Map<string, string[]>, above: string) {
  const rows = tableAfter(heading)
  const folderRows = rows.filter(([folder]) => folderOf(folder!) !== above)

  it(`has one row per folder of .dependency-cruiser.cjs, and ${above}/`, () => {
    expect(enforced.size).toBeGreaterThan(5)
    expect(rows.map(([folder]) => folderOf(folder!)).sort()).toEqual([...enforced.keys(), above].sort())
  })

  it("names in each row's last column exactly the folders that folder may import", () => {
    expect(Object.fromEntries(folderRows.map((row) => [folderOf(row[0]!), foldersIn(row.at(-1)!)]))).toEqual(Object.fromEntries(enforced))
  })
  return rows
}

describe('docs/architecture.md draws the layers the dependency rules enforce', () => {
  const layerRows = holdsTable('## Layers and what each may import', layers, 'tests')
  const otherRows = tableAfter('Other top-level folders')

  it('places every top-level folder of the repository in one of its tables and in its drawing', () => {
    const topFolders = foldersOnDisk('')
    expect([...layerRows, ...otherRows].map(([folder]) => folderOf(folder!)).sort()).toEqual(topFolders)
    const drawing = architecture.slice(architecture.indexOf('```'), architecture.indexOf('```', architecture.indexOf('```') + 3))
    expect(topFolders.filter((folder) => !drawing.includes(`${folder}/`))).toEqual([])
  })
})

describe("docs/architecture.md's table of server folders is the one the dependency rules enforce", () => {
  const rows = holdsTable('Inside `server/`', serverFolders, 'compose')

  it('lists every folder there is under server/', () => {
    expect(rows.map(([folder]) => folderOf(folder!)).sort()).toEqual(foldersOnDisk('server/'))
  })
})
