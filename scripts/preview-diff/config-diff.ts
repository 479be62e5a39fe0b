/**
 * What changed in site.config.json between two versions, in the words a reviewer looks for: per
 * page (matched by path) its blocks changed, added, removed or moved and its own fields (title,
 * description…), and the site-wide parts (navigation, footer, site, forms…) that touch every page.
 */
import { isDeepStrictEqual } from 'node:util'

export interface BlockChange {
  kind: 'changed' | 'added' | 'removed' | 'moved'
  type: string
  /** Its place in the new page (in the old one for a removed block). */
  index: number
  /** Its place in the old page, for a changed or moved block. */
  from?: number
  /** The changed fields of a changed block, e.g. `items[1].title`. */
  fields?: string[]
}

export interface RouteConfigChange {
  path: string
  status: 'changed' | 'added' | 'removed'
  /** The page's own fields that changed (title, description, layout…). */
  fields: string[]
  blocks: BlockChange[]
}

export interface ConfigDiff {
  /** Changed places outside the pages, e.g. `navigation.items[2].label`, `site.theme.primaryColor`. */
  siteWide: string[]
  routes: RouteConfigChange[]
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
interface Block {
  type?: unknown
  [key: string]: unknown
}
interface Route {
  path?: unknown
  blocks?: unknown
  [key: string]: unknown
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const pathPart = (prefix: string, key: string | number) => (typeof key === 'number' ? `${prefix}[${key}]` : prefix ? `${prefix}.${key}` : key)

/** The places where two JSON values differ: object keys and same-length array items are followed down. */
function changedPaths(before: unknown, after: unknown, prefix = ''): string[] {
  if (isDeepStrictEqual(before, after)) return []
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    return keys.flatMap((key) => changedPaths(before[key], after[key], pathPart(prefix, key)))
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length)
    return before.flatMap((item, index) => changedPaths(item, after[index], pathPart(prefix, index)))
  return [prefix]
}

/** A block's content as one string whatever its key order, to find the same block in the other list. */
function canonical(value: unknown): string {
  const sorted = (item: unknown): Json =>
    Array.isArray(item)
      ? item.map(sorted)
      : isRecord(item)
        ? Object.fromEntries(
            Object.keys(item)
              .sort()
              .map((key) => [key, sorted(item[key])]),
          )
        : (item as Json)
  return JSON.stringify(sorted(value))
}

/** Pairs of indexes of equal items that keep their order (a longest common subsequence). */
function commonSequence(before: string[], after: string[]): Array<[number, number]> {
  const lengths = Array.from({ length: before.length + 1 }, () => new Array<number>(after.length + 1).fill(0))
  for (let i = before.length - 1; i >= 0; i--)
    for (let j = after.length - 1; j >= 0; j--) lengths[i]![j] = before[i] === after[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!)
  const pairs: Array<[number, number]> = []
  for (let i = 0, j = 0; i < before.length && j < after.length;) {
    if (before[i] === after[j]) pairs.push([i++, j++])
    else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++
    else j++
  }
  return pairs
}

const typeOf = (block: Block | undefined) => (typeof block?.type === 'string' ? block.type : '(no type)')

/**
 * A page's blocks before and after. Equal blocks in the same order are unchanged, so a block
 * inserted at the top does not make every block below it "moved"; an equal block out of that order
 * moved; what is left pairs up by type in page order (changed), and the rest was added or removed.
 */
export function diffBlocks(before: Block[], after: Block[]): BlockChange[] {
  const beforeKeys = before.map(canonical)
  const afterKeys = after.map(canonical)
  const matchedBefore = new Map<number, number>()
  const matchedAfter = new Map<number, number>()
  const match = (i: number, j: number) => {
    matchedBefore.set(i, j)
    matchedAfter.set(j, i)
  }
  for (const [i, j] of commonSequence(beforeKeys, afterKeys)) match(i, j)

  const changes: BlockChange[] = []
  for (const [j, key] of afterKeys.entries()) {
    if (matchedAfter.has(j)) continue
    const i = beforeKeys.findIndex((other, index) => other === key && !matchedBefore.has(index))
    if (i < 0) continue
    match(i, j)
    changes.push({ kind: 'moved', type: typeOf(after[j]), index: j, from: i })
  }
  for (const [j, block] of after.entries()) {
    if (matchedAfter.has(j)) continue
    const i = before.findIndex((other, index) => !matchedBefore.has(index) && typeOf(other) === typeOf(block))
    if (i < 0) {
      changes.push({ kind: 'added', type: typeOf(block), index: j })
      continue
    }
    match(i, j)
    changes.push({ kind: 'changed', type: typeOf(block), index: j, from: i, fields: changedPaths(before[i], block) })
  }
  for (const [i, block] of before.entries()) if (!matchedBefore.has(i)) changes.push({ kind: 'removed', type: typeOf(block), index: i })
  return changes.sort((a, b) => a.index - b.index || Number(b.kind === 'removed') - Number(a.kind === 'removed'))
}

const listOf = <T>(value: unknown, guard: (item: unknown) => item is T): T[] => (Array.isArray(value) ? value.filter(guard) : [])
const routesOf = (config: unknown): Route[] => listOf(isRecord(config) ? config.routes : undefined, isRecord).filter((route) => typeof route.path === 'string')
const blocksOf = (route: Route | undefined): Block[] => listOf(route?.blocks, isRecord)

/** Compares two parsed configs; anything malformed (a missing list, a route without a path) is read as empty. */
export function diffConfigs(before: unknown, after: unknown): ConfigDiff {
  const beforeConfig = isRecord(before) ? before : {}
  const afterConfig = isRecord(after) ? after : {}
  const sections = [...new Set([...Object.keys(beforeConfig), ...Object.keys(afterConfig)])].filter((key) => key !== 'routes' && key !== '$schema')
  const siteWide = sections.flatMap((key) => changedPaths(beforeConfig[key], afterConfig[key], key))

  const beforeRoutes = new Map(routesOf(before).map((route) => [route.path as string, route]))
  const afterRoutes = new Map(routesOf(after).map((route) => [route.path as string, route]))
  const routes: RouteConfigChange[] = []
  for (const [path, route] of afterRoutes) {
    const old = beforeRoutes.get(path)
    if (!old) {
      routes.push({ path, status: 'added', fields: [], blocks: blocksOf(route).map((block, index) => ({ kind: 'added', type: typeOf(block), index })) })
      continue
    }
    const fields = [...new Set([...Object.keys(old), ...Object.keys(route)])].filter((key) => key !== 'blocks' && !isDeepStrictEqual(old[key], route[key]))
    const blocks = diffBlocks(blocksOf(old), blocksOf(route))
    if (fields.length > 0 || blocks.length > 0) routes.push({ path, status: 'changed', fields, blocks })
  }
  for (const [path, route] of beforeRoutes)
    if (!afterRoutes.has(path))
      routes.push({ path, status: 'removed', fields: [], blocks: blocksOf(route).map((block, index) => ({ kind: 'removed', type: typeOf(block), index })) })
  return { siteWide, routes }
}
