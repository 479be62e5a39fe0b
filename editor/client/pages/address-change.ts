import { isLocalPath, stripQueryAndHash } from '../../../authoring/check/walk.ts'
import { addressKey } from '../../../authoring/check/site-addresses.ts'
import type { Route, SiteConfig } from '../../../site/generated/site-config'
import { matchingAlternative } from '../schema/alternatives'
import type { JsonSchema } from '../schema/json-schema'
import { resolve } from '../schema/schema-refs'
import { alternativesOf } from '../schema/schemas'
import { setIn, type JsonPath } from '../state/json-path'

/** A link in the config: where its target is written, and the target as written. */
export interface LinkTarget {
  path: JsonPath
  to: string
}

/**
 * Whether a link leads to the page at `address`, as the checker and the server match addresses:
 * a path of this site (one /), any letter case, no trailing slash, a ?query or #part aside. So
 * /about matches /About and /about#team, but neither /about-us nor /about/team.
 */
const leadsTo = (link: string, address: string) => isLocalPath(link) && addressKey(stripQueryAndHash(link)) === addressKey(address)

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Every link in the config that leads to `address`, found by the schema as the editor's forms
 * read it: a string whose schema asks for the link input (`"x-editor": "link"`: a link's `to`,
 * in a block, the menus or the footer, and a sub-menu's own page). Page paths and aliases are
 * addresses, not links, and are not among them.
 */
export function linksTo(config: SiteConfig, address: string, siteSchema: JsonSchema): LinkTarget[] {
  const found: LinkTarget[] = []
  const visit = (value: unknown, input: JsonSchema, path: JsonPath) => {
    const schema = resolve(input)
    if (schema['x-editor'] === 'link') {
      if (typeof value === 'string' && leadsTo(value, address)) found.push({ path, to: value })
      return
    }
    const alternatives = alternativesOf(schema)
    if (alternatives) return visit(value, alternatives[matchingAlternative(alternatives, value)]!, path)
    if (Array.isArray(value)) {
      if (schema.items) value.forEach((item, index) => visit(item, schema.items!, [...path, index]))
      return
    }
    if (!isRecord(value)) return
    const entries = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined
    for (const [key, child] of Object.entries(value)) {
      const property = schema.properties?.[key] ?? entries
      if (property) visit(child, property, [...path, key])
    }
  }
  visit(config, siteSchema, [])
  return found
}

export interface AddressChange {
  /** The page whose address changes, by its place in `routes`. */
  routeIndex: number
  /** Its new address. */
  to: string
  /** Point every link to the old address at the new one. */
  updateLinks: boolean
  /** Keep the old address as an alias, so links and bookmarks from elsewhere still lead to the page. */
  keepOldAddress: boolean
}

/**
 * The config with a page's address changed: the page's path, its aliases (the old address added
 * when asked and not already one, in any letter case; an alias that is now the path dropped),
 * and, when asked, each link to the old address pointed at the new one with its ?query or #part
 * kept. Everything else stays as it was, object for object.
 */
export function changeAddress(config: SiteConfig, change: AddressChange, siteSchema: JsonSchema): SiteConfig {
  const route = config.routes[change.routeIndex]
  if (!route) throw new Error(`No page at routes[${change.routeIndex}].`)
  const from = route.path
  let next = config
  if (change.updateLinks) {
    for (const link of linksTo(config, from, siteSchema)) next = setIn(next, link.path, change.to + link.to.slice(stripQueryAndHash(link.to).length))
  }
  const aliases = (route.aliases ?? []).filter((alias) => addressKey(alias) !== addressKey(change.to))
  if (change.keepOldAddress && !oldAddressStillReached(route, change.to)) aliases.push(from)
  return setIn(next, ['routes', change.routeIndex], withAddress(next.routes[change.routeIndex]!, change.to, aliases))
}

/**
 * Whether a page whose address becomes `to` answers to its old one anyway: a change of letter case
 * only (addresses match in any case), or an alias in another letter case. Then it needs no alias.
 */
export function oldAddressStillReached(route: Pick<Route, 'path' | 'aliases'>, to: string): boolean {
  const old = addressKey(route.path)
  return old === addressKey(to) || (route.aliases ?? []).some((alias) => addressKey(alias) === old && addressKey(alias) !== addressKey(to))
}

/** The route with its path and aliases, the aliases where they were or, new, right after the path. */
function withAddress(route: Route, path: string, aliases: string[]): Route {
  const aliasEntry = aliases.length > 0 ? [['aliases', aliases]] : []
  const entries = Object.entries(route).flatMap(([key, value]) => {
    if (key === 'path') return [['path', path], ...('aliases' in route ? [] : aliasEntry)]
    if (key === 'aliases') return aliasEntry
    return [[key, value]]
  })
  return Object.fromEntries(entries) as Route
}
