import { isDeepStrictEqual } from 'node:util'
import { addressKey } from '../authoring/check/site-addresses.ts'
import type { Block, Route } from '../site/generated/site-config.ts'

/** The blocks of one page in two versions: which is which, which are new and which are gone. */
export interface BlockMatch {
  /** Each block kept, by its place before and after; `same` when it was left exactly as it was. In the order of the page after. */
  pairs: Array<{ from: number; to: number; same: boolean }>
  /** Places after of the blocks added, and places before of the blocks removed. */
  added: number[]
  removed: number[]
  /** The blocks kept are in another order. */
  moved: boolean
}

/**
 * Blocks have no ids, so they are matched: first the ones left exactly as they were, then the rest
 * pairwise by type in page order (an edited block keeps its type); what is left over was added or
 * removed. Matched blocks in another order were moved.
 */
export function matchBlocks(before: Block[], after: Block[]): BlockMatch {
  const pairs: BlockMatch['pairs'] = []
  const usedBefore = new Set<number>()
  const unmatchedAfter: number[] = []
  after.forEach((block, to) => {
    const from = before.findIndex((old, index) => !usedBefore.has(index) && isDeepStrictEqual(old, block))
    if (from < 0) return unmatchedAfter.push(to)
    usedBefore.add(from)
    pairs.push({ from, to, same: true })
  })
  const added: number[] = []
  for (const to of unmatchedAfter) {
    const from = before.findIndex((old, index) => !usedBefore.has(index) && old.type === after[to]!.type)
    if (from < 0) {
      added.push(to)
      continue
    }
    usedBefore.add(from)
    pairs.push({ from, to, same: false })
  }
  pairs.sort((a, b) => a.to - b.to)
  const removed = before.flatMap((_, index) => (usedBefore.has(index) ? [] : [index]))
  const moved = pairs.some((pair, index) => index > 0 && pair.from < pairs[index - 1]!.from)
  return { pairs, added, removed, moved }
}

/** The pages of two versions: each kept page before and after (in the order after), the pages added and the pages removed. */
export interface RouteMatch {
  pairs: Array<{ before: Route; after: Route }>
  added: Route[]
  removed: Route[]
}

/**
 * Pages are matched by address. A page whose address changed is the left-over one whose old
 * address it keeps as an alias (the editor's address change keeps it so links still lead there),
 * else the left-over one at the same place in the list.
 */
export function matchRoutes(before: Route[], after: Route[]): RouteMatch {
  const beforeByPath = new Map(before.map((route) => [route.path, route]))
  const afterPaths = new Set(after.map((route) => route.path))
  const leftBefore = new Set(before.filter((route) => !afterPaths.has(route.path)))
  const leftByAddress = new Map([...leftBefore].map((route) => [addressKey(route.path), route]))
  const found = after.map((route) => beforeByPath.get(route.path))
  const take = (old: Route | undefined) => {
    if (!old || !leftBefore.has(old)) return undefined
    leftBefore.delete(old)
    return old
  }
  after.forEach((route, index) => {
    if (found[index]) return
    for (const alias of route.aliases ?? []) found[index] ??= take(leftByAddress.get(addressKey(alias)))
  })
  after.forEach((_, index) => {
    found[index] ??= take(before[index])
  })
  const pairs: RouteMatch['pairs'] = []
  const added: Route[] = []
  after.forEach((route, index) => {
    const old = found[index]
    if (old) pairs.push({ before: old, after: route })
    else added.push(route)
  })
  return { pairs, added, removed: before.filter((route) => leftBefore.has(route)) }
}
