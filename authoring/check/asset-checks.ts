import fs from 'node:fs'
import path from 'node:path'
import { holderPath } from './config-location.ts'
import { pictureFault } from './picture-content.ts'
import { errorCatalogue, say } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import type { SourcePositions } from './source-positions.ts'
import { limitedGuesses } from './suggest.ts'
import { isLocalPath, stripQueryAndHash, walk } from './walk.ts'

/** Values that name a file the site serves from public/ (images, documents, video, icons). */
export const PICTURE_EXTENSIONS = ['svg', 'png', 'jpg', 'jpeg', 'webp', 'avif', 'gif', 'ico'] as const
export const SERVED_FILE_EXTENSIONS = [...PICTURE_EXTENSIONS, 'pdf', 'mp4', 'webm', 'woff', 'woff2'] as const
const endingIn = (extensions: readonly string[]) => new RegExp(`\\.(${extensions.join('|')})$`, 'i')
const fileExtensions = endingIn(SERVED_FILE_EXTENSIONS)
const pictureExtensions = endingIn(PICTURE_EXTENSIONS)

/**
 * Every file the config names (an image `src`, a link to a PDF, …) must exist under public/,
 * with exactly this letter case: the production server's file system is case-sensitive. A
 * picture must also hold what a browser can show (picture-content.ts).
 */
export function missingFileFindings(data: unknown, positions: SourcePositions, publicDir: string): Finding[] {
  const listings = new Map<string, Set<string>>()
  const filesIn = (dir: string): Set<string> => {
    let names = listings.get(dir)
    if (!names) {
      names = new Set(fs.existsSync(dir) && fs.statSync(dir).isDirectory() ? fs.readdirSync(dir) : [])
      listings.set(dir, names)
    }
    return names
  }
  // A picture named a thousand times is read once.
  const faults = new Map<string, string | undefined>()
  const faultOf = (file: string, picture: string) => {
    if (!faults.has(file)) faults.set(file, pictureFault(file, picture))
    return faults.get(file)
  }
  const guessFile = limitedGuesses()
  const findings: Finding[] = []
  for (const [valuePath, value] of walk(data)) {
    if (typeof value !== 'string' || !isLocalPath(value)) continue
    const file = stripQueryAndHash(value)
    if (!fileExtensions.test(file)) continue
    // As a browser resolves it: /../x.pdf asks for /x.pdf, so nothing outside public/ is named.
    const absolute = path.join(publicDir, safeDecode(new URL(file, 'http://site.invalid').pathname))
    const shownPublic = path.basename(publicDir) === 'public' ? 'public/' : `${publicDir}/`
    const where = { wherePath: holderPath(valuePath), valuePath, ...positions.valuePosition(valuePath) }
    // A %2F decoded into ../ could still leave public/: no file the site serves, whatever is there.
    const inPublic = absolute.startsWith(publicDir + path.sep)
    const dir = path.dirname(absolute)
    if (inPublic && filesIn(dir).has(path.basename(absolute))) {
      const picture = pictureExtensions.exec(file)?.[1]?.toLowerCase()
      const content = picture && faultOf(absolute, picture)
      if (content) findings.push({ ...say(errorCatalogue.notAPicture, { value, folder: shownPublic, content }), ...where })
      continue
    }
    const guess = inPublic ? guessFile(path.basename(absolute), filesIn(dir)) : undefined
    const noun = pictureExtensions.test(file) ? 'picture' : 'file'
    findings.push({
      ...say(errorCatalogue.missingFile, { noun, value, folder: shownPublic, guess: guess === undefined ? undefined : path.posix.join(path.posix.dirname(file), guess) }),
      ...where,
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
