import { config } from './config'
import { buildCanonicalPaths, isInternalLink, normalizePath } from '../site/addresses'

// Rebuilt when `config.routes` is replaced (the dev server's live update); built once otherwise.
let canonical: { routes: unknown; paths: Map<string, string> } | undefined
function canonicalPaths(): Map<string, string> {
  if (canonical?.routes !== config.routes) canonical = { routes: config.routes, paths: buildCanonicalPaths(config) }
  return canonical.paths
}

/** The canonical path of an internal link, or the link itself when it is external or unknown. */
export function resolveHref(to: string): string {
  if (!isInternalLink(to)) return to
  const [pathPart = '/', hash] = to.split('#')
  const path = canonicalPaths().get(normalizePath(pathPart)) ?? pathPart
  return hash ? `${path}#${hash}` : path
}

export function findRoute(path: string) {
  const canonical = canonicalPaths().get(normalizePath(path))
  return config.routes.find((route) => route.path === canonical)
}
