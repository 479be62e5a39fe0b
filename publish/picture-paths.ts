import { PictureRefused } from './version-store.ts'

/** Longer than any name the editor's library makes (a 60-character slug in a folder or two). */
const MAX_PATH_LENGTH = 200
/**
 * One part of a picture's path: letters, digits, `-`, `_` and `.`, not starting with a dot (no `..`,
 * no hidden file, none of the stores' own temporary names). The library's names are all of this
 * kind (lowercase slugs, folders under public/images), so nothing legitimate is refused, and a
 * name that is a path somewhere else (`..`, `/etc`, `C:\`, a NUL, a look-alike Unicode slash) is.
 */
const SAFE_PART = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/

/**
 * A picture's path as the stores take it: relative, under `images/` (where the site's pictures
 * are served from), e.g. `images/partners/fortinet.svg`. Anything else is refused before it
 * reaches a file name or a Redis key.
 */
export function pictureRelPath(relPath: unknown): string {
  if (typeof relPath !== 'string') throw new PictureRefused('A picture path must be text.')
  const shown = JSON.stringify(relPath.slice(0, MAX_PATH_LENGTH))
  if (relPath.length > MAX_PATH_LENGTH) throw new PictureRefused(`The picture path ${shown}… is longer than ${MAX_PATH_LENGTH} characters.`)
  const parts = relPath.split('/')
  if (parts[0] !== 'images' || parts.length < 2 || !parts.slice(1).every((part) => SAFE_PART.test(part)))
    throw new PictureRefused(
      `The picture path ${shown} is not a plain path under images/ (letters, digits, - _ . in each part, no part starting with a dot, / between parts), e.g. images/partners/logo.svg.`,
    )
  return relPath
}
