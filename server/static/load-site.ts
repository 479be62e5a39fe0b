import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import mime from 'mime-types'
import { buildCanonicalPaths } from '../../site/addresses.ts'
import { builtSiteFiles } from '../../site/built-site-files.ts'
import type { SiteForms } from '../forms/form-definitions.ts'
import type { PagePolicy } from '../security-headers.ts'

export interface StaticFile {
  body: Buffer
  br?: Buffer
  gzip?: Buffer
  type: string
  etag: string
  /** Content-hashed file names never change content, so browsers may keep them for a year. */
  immutable: boolean
  /** Pages only: what their Content-Security-Policy allows (from the build's .site-security.json). */
  policy?: PagePolicy
}

export interface BuiltSite {
  /** URL path → file, e.g. "/assets/index-abc.js", "/about" (the page's index.html). */
  files: Map<string, StaticFile>
  notFound: StaticFile
  /** Any spelling of a page (path or alias, normalized by site/addresses.ts) → its canonical path. */
  canonical: Map<string, string>
}

function readFile(file: string, urlPath: string, policy?: PagePolicy): StaticFile {
  const body = fs.readFileSync(file)
  const sibling = (ext: string) => (fs.existsSync(file + ext) ? fs.readFileSync(file + ext) : undefined)
  return {
    body,
    br: sibling('.br'),
    gzip: sibling('.gz'),
    // mime-types (the types Koa and Express use) knows every extension public/ may hold: .jpeg, .avif, .gif, .pdf, …
    type: mime.contentType(path.extname(file)) || 'application/octet-stream',
    etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`,
    immutable: urlPath.startsWith('/assets/'),
    ...(policy ? { policy } : {}),
  }
}

/**
 * Reads the whole built site into memory once: it is a few megabytes, and serving from memory
 * keeps static pages at thousands of requests per second without a file system call each.
 */
const routesFileOf = (distDir: string) => path.join(distDir, builtSiteFiles.routes)

/** The forms the built site declares (none when the site has none). */
export function readBuiltForms(distDir: string): SiteForms {
  const file = path.join(distDir, builtSiteFiles.forms)
  if (!fs.existsSync(file)) throw new Error(`${distDir} has no ${builtSiteFiles.forms}: it was built by an older version; run \`npm run build\` again.`)
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SiteForms
}

/** The build writes its route table last but one: without it, the folder holds no usable site. */
export const hasBuiltSite = (distDir: string): boolean => fs.existsSync(routesFileOf(distDir))

export function loadBuiltSite(distDir: string): BuiltSite {
  const routesFile = routesFileOf(distDir)
  if (!hasBuiltSite(distDir)) throw new Error(`${distDir} has no built site; run \`npm run build\` first.`)
  const routes: { path: string; aliases?: string[] }[] = JSON.parse(fs.readFileSync(routesFile, 'utf8'))
  const policiesFile = path.join(distDir, builtSiteFiles.security)
  // A build without policies (an older one) still serves, with pages locked down to 'self' scripts.
  const policies: Record<string, PagePolicy> = fs.existsSync(policiesFile) ? JSON.parse(fs.readFileSync(policiesFile, 'utf8')) : {}
  const htmlPolicy = (urlPath: string, file: string) => (file.endsWith('.html') ? (policies[urlPath] ?? { scriptHashes: [], frameHosts: [] }) : undefined)

  const files = new Map<string, StaticFile>()
  for (const entry of fs.readdirSync(distDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name) || entry.name.startsWith('.')) continue
    const file = path.join(entry.parentPath, entry.name)
    const relative = '/' + path.relative(distDir, file).split(path.sep).join('/')
    if (relative.includes('/.')) continue
    const urlPath = relative.endsWith('/index.html') ? relative.slice(0, -'/index.html'.length) || '/' : relative
    files.set(urlPath, readFile(file, urlPath, htmlPolicy(urlPath, file)))
  }

  const notFound = readFile(path.join(distDir, '404.html'), '/404.html', htmlPolicy('/404.html', '404.html'))
  // The same spelling rules as the links in the browser and the validator (site/addresses.ts).
  return { files, notFound, canonical: buildCanonicalPaths({ routes }) }
}
