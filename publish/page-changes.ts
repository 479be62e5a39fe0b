import { isDeepStrictEqual } from 'node:util'
import type { Block, Route, SiteConfig } from '../site/generated/site-config.ts'
import type { BlockChange, PageChange, SitePartChange, ValuePath, VersionChanges } from '../site/version-changes.ts'
import { matchBlocks, matchRoutes } from './config-matching.ts'
import { fieldChanges, FieldList } from './field-changes.ts'

/** Fields listed per page or site part; past it, only their number. A person reads a few dozen; a whole-site rollback may change thousands. */
export const FIELDS_LISTED = 100

type Settings = PageChange['page']
const settingsOf = ({ blocks: _blocks, ...settings }: Route): Settings => settings as Settings
const blockValue = (block: Block) => block as unknown as BlockChange['block']

function changedPage(before: Route, after: Route): PageChange | undefined {
  if (isDeepStrictEqual(before, after)) return undefined
  const fields = new FieldList(FIELDS_LISTED)
  fieldChanges(settingsOf(before), settingsOf(after), [], fields)
  const ownFields = fields.fields.length
  const oldBlocks = before.blocks ?? []
  const newBlocks = after.blocks ?? []
  const { pairs, added, removed, moved } = matchBlocks(oldBlocks, newBlocks)
  const blocks: BlockChange[] = []
  for (const { from, to, same } of pairs) {
    if (same) continue
    const start = fields.fields.length
    fieldChanges(oldBlocks[from], newBlocks[to], [], fields)
    blocks.push({ kind: 'changed', index: to, block: blockValue(newBlocks[to]!), fields: fields.fields.slice(start) })
  }
  for (const to of added) blocks.push({ kind: 'added', index: to, block: blockValue(newBlocks[to]!), fields: [] })
  for (const from of removed) blocks.push({ kind: 'removed', index: from, block: blockValue(oldBlocks[from]!), fields: [] })
  return {
    kind: 'changed',
    path: after.path,
    ...(before.path !== after.path ? { pathBefore: before.path } : {}),
    page: settingsOf(after),
    fields: fields.fields.slice(0, ownFields),
    blocks,
    moved,
    more: fields.more,
  }
}

const wholePage = (kind: 'added' | 'removed', route: Route): PageChange => ({ kind, path: route.path, page: settingsOf(route), fields: [], blocks: [], moved: false, more: 0 })

/**
 * The parts outside the pages, by where they are: each top-level key but the pages and the
 * schema's address, and the theme apart from the rest of the site's settings, as the editor has a
 * screen for each.
 */
function siteParts(config: SiteConfig | undefined): Map<string, { path: ValuePath; value: unknown }> {
  const { routes: _routes, $schema: _schema, site, ...rest } = config ?? ({} as Partial<SiteConfig>)
  const parts = new Map<string, { path: ValuePath; value: unknown }>()
  if (site) {
    const { theme, ...settings } = site
    parts.set('site', { path: ['site'], value: settings })
    if (theme !== undefined) parts.set('site.theme', { path: ['site', 'theme'], value: theme })
  }
  for (const [key, value] of Object.entries(rest)) parts.set(key, { path: [key], value })
  return parts
}

function siteChanges(before: SiteConfig | undefined, after: SiteConfig): SitePartChange[] {
  const old = siteParts(before)
  const now = siteParts(after)
  return [...new Set([...now.keys(), ...old.keys()])].flatMap((name) => {
    const [was, is] = [old.get(name), now.get(name)]
    if (isDeepStrictEqual(was?.value, is?.value)) return []
    const path = (is ?? was)!.path
    const fields = new FieldList(FIELDS_LISTED)
    fieldChanges(was?.value, is?.value, path, fields)
    return [{ path, value: is?.value ?? was?.value, fields: fields.fields, more: fields.more }]
  })
}

/**
 * What `after` changed against `before`, value by value: each page added, removed or changed (its
 * own settings, and its blocks edited, added, removed or moved, matched as the change summary
 * matches them), and each part of the site outside the pages. No `before`: every page is new.
 */
export function versionChanges(before: SiteConfig | undefined, after: SiteConfig): VersionChanges {
  const { pairs, added, removed } = matchRoutes(before?.routes ?? [], after.routes ?? [])
  const pages = [
    ...pairs.flatMap((pair) => changedPage(pair.before, pair.after) ?? []),
    ...added.map((route) => wholePage('added', route)),
    ...removed.map((route) => wholePage('removed', route)),
  ]
  return { known: true, pages, site: siteChanges(before, after) }
}
