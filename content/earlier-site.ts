import fs from 'node:fs'
import path from 'node:path'
import { withSchemaDefaults } from '../authoring/config/config-defaults.ts'
import { builtSiteFiles, type PagePolicy } from '../site/built-site-files.ts'
import type { SiteConfig } from '../site/generated/site-config.ts'
import type { DerivedPictures } from '../site/derived-pictures.ts'
import type { CodeBuild } from './code-build-files.ts'
import { earlierKeysOf, htmlFileOf } from './page-keys.ts'

/** A whole site built before with the same code build, whose unchanged files a content build may link instead of making them again. */
export interface EarlierSite {
  dir: string
  /** The config it was built from, with the schemas' defaults, as the build read it. */
  config: SiteConfig
  /** Its pages' keys (page-keys.ts), each with the year its page was rendered in. */
  keys: Map<string, string>
  /** Its pages' policies (.site-security.json), which a kept page keeps. */
  policies: Record<string, PagePolicy>
  /** The files its content build wrote (.site-content-files.json). */
  files: Set<string>
}

/**
 * The site built in `dir`, when it can be built upon: a finished content build (its list of files
 * is written last) of the code build `code`. Its pages name that code build's hashed scripts and
 * styles and hold its rendering, so a folder of another code build (which names other files, or
 * lacks some of these) is never built upon. Undefined otherwise: the build renders every page.
 */
export function readEarlierSite(dir: string, code: CodeBuild): EarlierSite | undefined {
  try {
    const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8')
    const files = new Set(JSON.parse(read(builtSiteFiles.contentFiles)) as string[])
    const codeAssets = Object.values(code.manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])])
    if (!codeAssets.every((file) => fs.existsSync(path.join(dir, file)))) return undefined
    const config = withSchemaDefaults(JSON.parse(read(builtSiteFiles.configText)) as SiteConfig)
    const policies = JSON.parse(read(builtSiteFiles.security)) as Record<string, PagePolicy>
    // A site built before pictures were derived has no such file: its pages show them as they are.
    const pictures = files.has(builtSiteFiles.pictures) ? (JSON.parse(read(builtSiteFiles.pictures)) as DerivedPictures) : {}
    // A page's file was written as it was rendered (a kept page's link is the same file), so its time says the year the page printed.
    const renderedIn = (page: string) => {
      const stat = fs.statSync(path.join(dir, htmlFileOf(page)), { throwIfNoEntry: false })
      return stat && new Date(stat.mtimeMs).getFullYear()
    }
    return { dir, config, keys: earlierKeysOf(config, pictures, renderedIn), policies, files }
  } catch {
    // Removed meanwhile, unfinished or unreadable: nothing to build upon.
    return undefined
  }
}
