import { config } from './config'
import { buildCanonicalPaths, isInternalLink, normalizePath } from './links'

const canonicalPaths = buildCanonicalPaths(config)

/** The canonical path of an internal link, or the link itself when it is external or unknown. */
export function resolveHref(to: string): string {
  if (!isInternalLink(to)) return to
  const [pathPart = '/', hash] = to.split('#')
  const path = canonicalPaths.get(normalizePath(pathPart)) ?? pathPart
  return hash ? `${path}#${hash}` : path
}

export function findRoute(path: string) {
  const canonical = canonicalPaths.get(normalizePath(path))
  return config.routes.find((route) => route.path === canonical)
}
