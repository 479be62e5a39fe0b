import fs from 'node:fs'
import path from 'node:path'
import { filesUnder } from '../content/code-build-files.ts'

export interface SitePublicOptions {
  /** The code build's site folder (dist/), holding its copy of the site's public/. */
  codeDir: string
  /** Which files of codeDir the code build made (build/render/code-files.json). */
  codeFiles: readonly string[]
  /** The local mirror of the pictures uploaded in the editor (publish/picture-mirror.ts). */
  mirrorDir: string
  /** The folder to keep in line. */
  dir: string
}

/** Not public files: the content-hashed scripts and styles, and the compressed copies beside them. */
const isPublicFile = (file: string) => !file.startsWith('assets/') && !/\.(br|gz)$/.test(file)

/**
 * The site's public files as the production editor sees them, in one folder: what came with the
 * code build (dist/'s copy of public/) and the pictures uploaded in the editor since. The checker
 * looks a config's pictures up there, and the media library lists and shows them. Hard links,
 * brought in line file by file (never emptied and refilled, so a listing never sees it half made);
 * an uploaded picture wins over none, as uploads never take a name the build's files have.
 */
export function refreshSitePublic({ codeDir, codeFiles, mirrorDir, dir }: SitePublicOptions): void {
  const wanted = new Map<string, string>()
  for (const file of codeFiles.filter(isPublicFile)) wanted.set(file, path.join(codeDir, file))
  if (fs.existsSync(mirrorDir)) for (const file of filesUnder(mirrorDir)) if (!wanted.has(file)) wanted.set(file, path.join(mirrorDir, file))
  fs.mkdirSync(dir, { recursive: true })
  for (const file of filesUnder(dir)) if (!wanted.has(file)) fs.rmSync(path.join(dir, file), { force: true })
  for (const [file, source] of wanted) {
    const target = path.join(dir, file)
    const present = fs.statSync(target, { throwIfNoEntry: false })
    const sourceInfo = fs.statSync(source)
    if (present && present.ino === sourceInfo.ino && present.dev === sourceInfo.dev) continue
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.rmSync(target, { force: true })
    try {
      fs.linkSync(source, target)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
      fs.copyFileSync(source, target)
    }
  }
}
