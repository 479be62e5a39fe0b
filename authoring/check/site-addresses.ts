import { normalizePath } from '../../site/addresses.ts'
import type { JsonPath } from './source-positions.ts'
import { isRecord } from './walk.ts'

/** One way to reach a page: its path or one of its aliases, and where it is written. */
export interface Address {
  spelling: string
  routeIndex: number
  routePath: string
  kind: 'path' | 'alias'
  /** Path of the string in the config, for its position. */
  at: JsonPath
}

/** All addresses of all routes, in file order; shapes the schema rejects are skipped here. */
export function collectAddresses(data: unknown): Address[] {
  const routes = isRecord(data) && Array.isArray(data.routes) ? data.routes : []
  const addresses: Address[] = []
  routes.forEach((route, routeIndex) => {
    if (!isRecord(route) || typeof route.path !== 'string') return
    const routePath = route.path
    addresses.push({ spelling: routePath, routeIndex, routePath, kind: 'path', at: ['routes', routeIndex, 'path'] })
    if (!Array.isArray(route.aliases)) return
    route.aliases.forEach((alias, aliasIndex) => {
      if (typeof alias === 'string') addresses.push({ spelling: alias, routeIndex, routePath, kind: 'alias', at: ['routes', routeIndex, 'aliases', aliasIndex] })
    })
  })
  return addresses
}

/**
 * The form route.schema.json requires of a path or alias. One that fails it is reported by the
 * schema pass already, so other checks neither suggest it nor count it as a clash.
 */
export const wellFormedAddress = /^\/([A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*)?$/

/** The server and the client match addresses this way (case-insensitive, no trailing slash). */
export const addressKey = normalizePath
