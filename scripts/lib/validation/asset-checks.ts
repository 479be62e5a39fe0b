import fs from 'node:fs'
import path from 'node:path'
import { holderPath } from './config-location.ts'
import { errorCatalogue, say } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import type { SourcePositions } from './source-positions.ts'
import { closestMatch } from './suggest.ts'
import { isLocalPath, stripQueryAndHash, walk } from './walk.ts'

/** Values that name a file the site serves from public/ (images, documents, video, icons). */
export const PICTURE_EXTENSIONS = ['svg', 'png', 'jpg', 'jpeg', 'webp', 'avif', 'gif', 'ico'] as const
export const SERVED_FILE_EXTENSIONS = [...PICTURE_EXTENSIONS, 'pdf', 'mp4', 'webm', 'woff', 'woff2'] as const
const endingIn = (extensions: readonly string[]) => new RegExp(`\\.(${extensions.join('|')})$`, 'i')
const fileExtensions = endingIn(SERVED_FILE_EXTENSIONS)
const pictureExtensions = endingIn(PICTURE_EXTENSIONS)

/**
 * Every file the config names (an image `src`, a link to a PDF, …) must exist under public/,
 * with exactly this letter case: the production server's file system is case-sensitive.
 */
export function missingFileFindings(data: unknown, positions: SourcePositions, publicDir: string): Finding[] {
  const listings = new Map<string, string[]>()
  const filesIn = (dir: string): string[] => {
    let names = listings.get(dir)
    if (!names) {
      names = fs.existsSync(dir) && fs.statSync(dir).isDirectory() ? fs.readdirSync(dir) : []
      listings.set(dir, names)
    }
    return names
  }
  const findings: Finding[] = []
  for (const [valuePath, value] of walk(data)) {
    if (typeof value !== 'string' || !isLocalPath(value)) continue
    const file = stripQueryAndHash(value)
    if (!fileExtensions.test(file)) continue
    const absolute = path.join(publicDir, safeDecode(file))
    if (!absolute.startsWith(publicDir + path.sep)) continue // `..` out of public/: the schema patterns reject it
    const dir = path.dirname(absolute)
    if (filesIn(dir).includes(path.basename(absolute))) continue
    const guess = closestMatch(path.basename(absolute), filesIn(dir))
    const noun = pictureExtensions.test(file) ? 'picture' : 'file'
    const shownPublic = path.basename(publicDir) === 'public' ? 'public/' : `${publicDir}/`
    findings.push({
      ...say(errorCatalogue.missingFile, { noun, value, folder: shownPublic, guess: guess === undefined ? undefined : path.posix.join(path.posix.dirname(file), guess) }),
      wherePath: holderPath(valuePath),
      valuePath,
      ...positions.valuePosition(valuePath),
    })
  }
  return findings
}

function safeDecode(file: string): string {
  try {
    return decodeURIComponent(file)
  } catch {
    return file
  }
}
