import type { Route } from './generated/site-config'

export function isInternalLink(to: string): boolean {
  return to.startsWith('/')
}

/** Paths match case-insensitively and without a trailing slash, as the server matches them. */
export function normalizePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
  return trimmed.toLowerCase()
}

/**
 * Maps every spelling of every route (path and aliases, any letter case) to the canonical path,
 * so links in the config may use either spelling and still render the canonical href.
 */
export function buildCanonicalPaths(config: { routes: readonly Pick<Route, 'path' | 'aliases'>[] }): Map<string, string> {
  const canonical = new Map<string, string>()
  for (const route of config.routes) {
    for (const spelling of [route.path, ...(route.aliases ?? [])]) canonical.set(normalizePath(spelling), route.path)
  }
  return canonical
}
