import crypto from 'node:crypto'
import fs from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import mime from 'mime-types'
import pLimit from 'p-limit'
import { buildCanonicalPaths } from '../../site/addresses.ts'
import { builtSiteFiles, type BuiltLanguage, type PagePolicy } from '../../site/built-site-files.ts'
import type { SiteForms } from '../forms/form-definitions.ts'

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
  /** Which files on disk it was read from (fileIdentity of the file and its compressed copies). */
  identity: string
}

export interface BuiltSite {
  /** URL path → file, e.g. "/assets/index-abc.js", "/about" (the page's index.html). */
  files: Map<string, StaticFile>
  notFound: StaticFile
  /** A site in several languages: each language's 404 page but the default's, by its prefix ("/bn"), for an unknown address under it. */
  notFoundIn: Map<string, StaticFile>
  /** Any spelling of a page (path or alias, normalized by site/addresses.ts) → its canonical path. */
  canonical: Map<string, string>
}

/** A file to serve, before it is read: where it is, its address, and (pages only) its policy. */
interface PlannedFile {
  file: string
  urlPath: string
  policy?: PagePolicy
}

/**
 * A file on disk as the device, inode, size and modification time of it and its compressed copies
 * (or their absence): a version's folder links the files it shares with the version before, so a
 * file of the next site with the identity of one served now is the same bytes, which need not be
 * read and hashed again.
 */
const fileIdentity = (stats: Array<fs.Stats | undefined>) => stats.map((stat) => (stat ? `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}` : '-')).join('|')

/** What the server keeps of a file it serves, once read (`br`, `gzip`: the build's compressed copies, when it made them). */
function staticFile({ file, urlPath, policy }: PlannedFile, body: Buffer, br: Buffer | undefined, gzip: Buffer | undefined, identity: string): StaticFile {
  return {
    identity,
    body,
    br,
    gzip,
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
const noBuiltSite = (distDir: string) => new Error(`${distDir} has no built site; run \`npm run build\` first.`)

interface SitePlan {
  files: PlannedFile[]
  notFound: PlannedFile
  /** The URL path of each language's 404 page (but the default's) by its prefix: one of `files`. */
  notFoundIn: Map<string, string>
  canonical: Map<string, string>
}

/** The prefixes of a site's languages but the default, from its `.site-languages.json` (none for a site of one language). */
function languagePrefixes(languagesText: string | undefined): string[] {
  if (languagesText === undefined) return []
  return (JSON.parse(languagesText) as BuiltLanguage[]).flatMap((language) => (language.prefix ? [language.prefix] : []))
}

/** Which files of the built site in `distDir` are served, at what address and under what policy, from its listing, route table and policies. */
function planSite(distDir: string, entries: fs.Dirent[], routesText: string, policiesText: string | undefined, languagesText: string | undefined): SitePlan {
  const routes: { path: string; aliases?: string[] }[] = JSON.parse(routesText)
  // A build without policies (an older one) still serves, with pages locked down to 'self' scripts.
  const policies: Record<string, PagePolicy> = policiesText === undefined ? {} : JSON.parse(policiesText)
  const planned = (file: string, urlPath: string): PlannedFile => {
    const policy = file.endsWith('.html') ? (policies[urlPath] ?? { scriptHashes: [], frameHosts: [] }) : undefined
    return { file, urlPath, ...(policy ? { policy } : {}) }
  }
  const files: PlannedFile[] = []
  for (const entry of entries) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name) || entry.name.startsWith('.')) continue
    const file = path.join(entry.parentPath, entry.name)
    const relative = '/' + path.relative(distDir, file).split(path.sep).join('/')
    if (relative.includes('/.')) continue
    files.push(planned(file, relative.endsWith('/index.html') ? relative.slice(0, -'/index.html'.length) || '/' : relative))
  }
  // The same spelling rules as the links in the browser and the validator (site/addresses.ts).
  const notFoundIn = new Map(languagePrefixes(languagesText).map((prefix) => [prefix, `${prefix}/404.html`]))
  return { files, notFound: planned(path.join(distDir, '404.html'), '/404.html'), notFoundIn, canonical: buildCanonicalPaths({ routes }) }
}

/** Each language's 404 page as read among the files; a language whose build left none has the default's. */
const notFoundPagesOf = (plan: SitePlan, files: Map<string, StaticFile>) =>
  new Map([...plan.notFoundIn].flatMap(([prefix, urlPath]) => (files.has(urlPath) ? [[prefix, files.get(urlPath)!] as const] : [])))

/** The site as the server starts on it, read before it answers anyone. */
export function loadBuiltSite(distDir: string): BuiltSite {
  if (!hasBuiltSite(distDir)) throw noBuiltSite(distDir)
  const optional = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : undefined)
  const plan = planSite(
    distDir,
    fs.readdirSync(distDir, { withFileTypes: true, recursive: true }),
    fs.readFileSync(routesFileOf(distDir), 'utf8'),
    optional(path.join(distDir, builtSiteFiles.security))?.toString('utf8'),
    optional(path.join(distDir, builtSiteFiles.languages))?.toString('utf8'),
  )
  const identity = (file: string) => fileIdentity([file, `${file}.br`, `${file}.gz`].map((each) => fs.statSync(each, { throwIfNoEntry: false })))
  const read = (planned: PlannedFile) => staticFile(planned, fs.readFileSync(planned.file), optional(`${planned.file}.br`), optional(`${planned.file}.gz`), identity(planned.file))
  const files = new Map(plan.files.map((planned) => [planned.urlPath, read(planned)]))
  return { files, notFound: read(plan.notFound), notFoundIn: notFoundPagesOf(plan, files), canonical: plan.canonical }
}

/** Files read at once while the server reads a site to switch to: enough to keep the disk busy, few enough to leave the threads to visitors' requests. */
const READS_AT_ONCE = 8

/**
 * The same, read while the server answers visitors (a publish's switch): every read goes to
 * Node's thread pool and the event loop only gathers them. Read at once, a site of a thousand
 * files held every visitor's request up for 40 ms and more on each publish. A file that is the
 * very file `served` has at that address (fileIdentity: a publish links every file it did not
 * change) is taken from there rather than read and hashed again.
 */
export async function readBuiltSite(distDir: string, served?: BuiltSite): Promise<BuiltSite> {
  const whenThere = <T>(promise: Promise<T>) => promise.catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)))
  const optional = (file: string) => whenThere(readFile(file))
  const [routesText, policiesText, languagesText, entries] = await Promise.all([
    readFile(routesFileOf(distDir), 'utf8').catch((error: NodeJS.ErrnoException) => Promise.reject(error.code === 'ENOENT' ? noBuiltSite(distDir) : error)),
    optional(path.join(distDir, builtSiteFiles.security)).then((bytes) => bytes?.toString('utf8')),
    optional(path.join(distDir, builtSiteFiles.languages)).then((bytes) => bytes?.toString('utf8')),
    readdir(distDir, { withFileTypes: true, recursive: true }),
  ])
  const plan = planSite(distDir, entries, routesText, policiesText, languagesText)
  const limit = pLimit(READS_AT_ONCE)
  const read = (planned: PlannedFile, before: StaticFile | undefined) =>
    limit(async () => {
      const identity = fileIdentity(await Promise.all([planned.file, `${planned.file}.br`, `${planned.file}.gz`].map((file) => whenThere(stat(file)))))
      if (before?.identity === identity) {
        const { policy: _policy, ...same } = before
        return { ...same, ...(planned.policy ? { policy: planned.policy } : {}) }
      }
      return staticFile(planned, await readFile(planned.file), await optional(`${planned.file}.br`), await optional(`${planned.file}.gz`), identity)
    })
  const files = new Map(await Promise.all(plan.files.map(async (planned) => [planned.urlPath, await read(planned, served?.files.get(planned.urlPath))] as const)))
  return { files, notFound: await read(plan.notFound, served?.notFound), notFoundIn: notFoundPagesOf(plan, files), canonical: plan.canonical }
}
