import { config } from './config'
import { buildCanonicalPaths, isInternalLink, normalizePath } from '../site/addresses'

interface LinkTables {
  routes: unknown
  /** Every spelling of this site's pages (path and aliases, any letter case) → its path. */
  canonical: Map<string, string>
  /** What a link may lead to: the above, and in a language's site every page's default-language path → its path in this language. */
  targets: Map<string, string>
}

// Rebuilt when `config.routes` is replaced (the dev server's live update); built once otherwise.
let tables: LinkTables | undefined
function linkTables(): LinkTables {
  if (tables?.routes === config.routes) return tables
  const canonical = buildCanonicalPaths(config)
  const targets = new Map(canonical)
  const defaultLanguage = config.languages?.choices[0]?.language
  for (const route of config.routes) {
    // Config links name a page by its default-language path: /contact is /bn/contact on a Bengali page.
    const defaultPath = defaultLanguage === undefined ? undefined : route.alternates?.[defaultLanguage]
    if (defaultPath !== undefined && !targets.has(normalizePath(defaultPath))) targets.set(normalizePath(defaultPath), route.path)
  }
  tables = { routes: config.routes, canonical, targets }
  return tables
}

/** Where an internal link leads, and whether the router can take it there (a page of this site) or the browser loads it. */
export interface ResolvedLink {
  href: string
  routed: boolean
}

/**
 * An internal link as a page writes it: the canonical path of the page in this page's language. In
 * a site of several languages, a page not in this language is left to the browser (a full load of
 * the other language's shell, since this router knows this language's pages only), at the address
 * written, which is the default language's.
 */
export function resolveLink(to: string): ResolvedLink {
  if (!isInternalLink(to)) return { href: to, routed: false }
  const [pathPart = '/', hash] = to.split('#')
  const path = linkTables().targets.get(normalizePath(pathPart))
  const href = (path ?? pathPart) + (hash ? `#${hash}` : '')
  return { href, routed: path !== undefined || !config.languages }
}

/** The page at a location of this site (the route the visitor is on), if any. */
export function findRoute(path: string) {
  const canonical = linkTables().canonical.get(normalizePath(path))
  return config.routes.find((route) => route.path === canonical)
}
