import { isDeepStrictEqual } from 'node:util'
import type { Block, Route, SiteConfig } from '../site/generated/site-config.ts'
import { matchBlocks, matchRoutes } from './config-matching.ts'
import type { ChangeSummary } from './version-store.ts'

/** A block as a person finds it on the page: its place from the top (1-based) and its type, "3. cards". */
const blockName = (block: Block, index: number) => `${index + 1}. ${block.type}`

/** What changed in a page's blocks (matched as matchBlocks does). */
function blockChanges(before: Block[], after: Block[]): string[] {
  const { pairs, added, removed, moved } = matchBlocks(before, after)
  const changed = pairs.filter((pair) => !pair.same)
  return [
    ...(changed.length ? [`blocks changed: ${changed.map((pair) => blockName(after[pair.to]!, pair.to)).join(', ')}`] : []),
    ...(added.length ? [`blocks added: ${added.map((to) => blockName(after[to]!, to)).join(', ')}`] : []),
    ...(removed.length ? [`blocks removed: ${removed.map((from) => blockName(before[from]!, from)).join(', ')}`] : []),
    ...(moved ? ['blocks moved'] : []),
  ]
}

/** The parts of a page other than its blocks, by the words a summary uses for them. */
const PAGE_PARTS: Array<[keyof Route, string]> = [
  ['path', 'path'],
  ['aliases', 'aliases'],
  ['title', 'title'],
  ['description', 'description'],
  ['shareImage', 'share image'],
  ['layout', 'layout'],
]

function pageChanges(before: Route, after: Route): string[] {
  const parts = PAGE_PARTS.filter(([key]) => !isDeepStrictEqual(before[key], after[key])).map(([key, words]) => (key === 'path' ? `path (${before.path} → ${after.path})` : words))
  const known = new Set<string>([...PAGE_PARTS.map(([key]) => key), 'blocks'])
  const others = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !known.has(key) && !isDeepStrictEqual((before as unknown as Record<string, unknown>)[key], (after as unknown as Record<string, unknown>)[key]),
  )
  return [...parts, ...others, ...blockChanges(before.blocks ?? [], after.blocks ?? [])]
}

/** Pages matched as matchRoutes does; a page is listed by its address after the change. */
function routeChanges(before: Route[], after: Route[]): ChangeSummary['routes'] {
  const { pairs, added, removed } = matchRoutes(before, after)
  const changed = pairs.flatMap((pair) => {
    const what = pageChanges(pair.before, pair.after)
    return what.length ? [{ path: pair.after.path, what }] : []
  })
  return { added: added.map((route) => route.path), removed: removed.map((route) => route.path), changed }
}

/** The parts outside the pages, in the words the editor's screens use; the theme is named apart from the rest of `site`. */
function siteChanges(before: SiteConfig | undefined, after: SiteConfig): string[] {
  const parts = (config: SiteConfig | undefined): Record<string, unknown> => {
    if (!config) return {}
    const { routes: _routes, $schema: _schema, site, ...rest } = config
    const { theme, ...settings } = site ?? {}
    return { site: settings, theme, ...rest }
  }
  const old = parts(before)
  const now = parts(after)
  return [...new Set([...Object.keys(now), ...Object.keys(old)])].filter((key) => !isDeepStrictEqual(old[key], now[key]))
}

/** What `after` changed against `before` (none: the first version, every page added). */
export function summarizeChange(before: SiteConfig | undefined, after: SiteConfig): ChangeSummary {
  return { routes: routeChanges(before?.routes ?? [], after.routes ?? []), site: siteChanges(before, after) }
}

/** The summary as one line, for the log, the audit line and the versions command. */
export function describeChange({ routes, site }: ChangeSummary): string {
  const parts = [
    ...(routes.added.length ? [`pages added: ${routes.added.join(', ')}`] : []),
    ...(routes.removed.length ? [`pages removed: ${routes.removed.join(', ')}`] : []),
    ...routes.changed.map(({ path, what }) => `${path}: ${what.join(', ')}`),
    ...(site.length ? [`changed: ${site.join(', ')}`] : []),
  ]
  return parts.length ? parts.join('; ') : 'no change'
}

/** The config of a version's text, or nothing when it does not read as JSON (the summary then lists everything as new). */
export function configOfText(text: string | undefined): SiteConfig | undefined {
  if (text === undefined) return undefined
  try {
    return JSON.parse(text) as SiteConfig
  } catch {
    return undefined
  }
}
