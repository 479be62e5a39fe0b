import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { assetsOf, readManifest } from '../../content/manifest.ts'
import { builtSiteFiles } from '../../site/built-site-files.ts'
import { budgetOf, pageBudgets, type PageBudget } from '../../site/page-budgets.ts'

/** One page's first load as site/page-budgets.ts counts it, in brotli bytes as served. */
interface PageFigures {
  path: string
  javaScript: { total: number; entry: number; blocks: number }
  htmlAndCss: { total: number; html: number; css: number }
  scriptRequests: number
  picturesAboveTheFold: number
}

/** A file as served: its brotli copy when the build made one, else compressed here (a pages-only build makes none). */
function servedSize(distDir: string, href: string): number {
  const file = path.join(distDir, href)
  if (fs.existsSync(`${file}.br`)) return fs.statSync(`${file}.br`).size
  if (/\.(avif|webp|png|jpe?g|gif)$/i.test(file)) return fs.statSync(file).size
  return brotliCompressSync(fs.readFileSync(file)).length
}

const htmlFileOf = (page: string) => (page === '/' ? 'index.html' : `${page.slice(1)}/index.html`)

/**
 * The page's top up to the end of its first block: the block is the first element in <main>, and
 * ends where the tags of its name opened inside it are all closed again.
 */
function firstScreenOf(html: string): string {
  const main = /<main\b[^>]*>(?:\s|<!--.*?-->)*<([a-z][a-z0-9]*)\b/s.exec(html)
  if (!main) return html
  const name = main[1]!
  const blockStart = main.index + main[0].length - name.length - 1
  let depth = 0
  for (const tag of html.slice(blockStart).matchAll(new RegExp(`<(/?)${name}\\b[^>]*>`, 'g'))) {
    depth += tag[1] ? -1 : 1
    if (depth === 0) return html.slice(0, blockStart + tag.index + tag[0].length)
  }
  return html
}

/** The files of a `srcset`, without their width or density descriptors. */
const candidatesOf = (srcset: string) =>
  srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0]!)
    .filter(Boolean)
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]

/** The bytes of the pictures in `part`: per picture its largest file in the first format offered (a <picture>'s first <source>, else the <img>). */
function pictureBytes(distDir: string, part: string): number {
  // An address off the site (another host) or climbing out of it weighs nothing here: only the site's own files are measured.
  const inSite = (href: string) => href.startsWith('/') && path.join(distDir, href).startsWith(path.join(distDir, path.sep))
  const size = (href: string) => (inSite(href) && fs.existsSync(path.join(distDir, href)) ? servedSize(distDir, href) : 0)
  const largest = (hrefs: string[]) => Math.max(0, ...hrefs.map(size))
  let total = 0
  const outsidePictures = part.replace(/<picture\b.*?<\/picture>/gs, (picture) => {
    const tag = /<source\b[^>]*>/.exec(picture)?.[0] ?? /<img\b[^>]*>/.exec(picture)?.[0] ?? ''
    total += largest(candidatesOf(attribute(tag, 'srcset') ?? attribute(tag, 'src') ?? ''))
    return ''
  })
  for (const [img] of outsidePictures.matchAll(/<img\b[^>]*>/g)) {
    const srcset = attribute(img, 'srcset')
    total += largest(srcset ? candidatesOf(srcset) : [attribute(img, 'src') ?? ''])
  }
  return total
}

/** Measures the page at `page` (a route's path) of the site built in `distDir`. */
export function pageFigures(distDir: string, page: string, manifest = readManifest(distDir)): PageFigures {
  const html = fs.readFileSync(path.join(distDir, htmlFileOf(page)), 'utf8')
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]))
  // The start-up script names the entry (its import()) and the page's chunks; the manifest adds what they import.
  const named = [...new Set([...html.matchAll(/"\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!))]
  const entryFile = /import\("\/(assets\/[^"]+\.js)"\)|<script type="module"[^>]*\ssrc="\/(assets\/[^"]+\.js)"/.exec(html)
  const entryName = entryFile?.[1] ?? entryFile?.[2]
  const closure = (files: string[]) => {
    const known = files.filter((file) => keyOf.has(file))
    return new Set([
      ...files.filter((file) => !keyOf.has(file)),
      ...assetsOf(
        manifest,
        known.map((file) => keyOf.get(file)!),
      ).js,
    ])
  }
  const entryScripts = entryName ? closure([entryName]) : new Set<string>()
  const allScripts = closure([...named, ...(entryName ? [entryName] : [])])
  const sum = (files: Iterable<string>) => [...files].reduce((bytes, file) => bytes + servedSize(distDir, `/${file}`), 0)
  const entry = sum(entryScripts)
  const blocks = sum([...allScripts].filter((file) => !entryScripts.has(file)))
  const linkedCss = [...new Set([...html.matchAll(/<link rel="stylesheet"(?![^>]*\sdisabled)[^>]*\shref="(\/[^"]+)"/g)].map((match) => match[1]!))]
  const htmlBytes = servedSize(distDir, `/${htmlFileOf(page)}`)
  const css = sum(linkedCss.map((href) => href.slice(1)))
  return {
    path: page,
    javaScript: { total: entry + blocks, entry, blocks },
    htmlAndCss: { total: htmlBytes + css, html: htmlBytes, css },
    scriptRequests: allScripts.size,
    picturesAboveTheFold: pictureBytes(distDir, firstScreenOf(html)),
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const budgetKb = (bytes: number) => `${Number((bytes / 1024).toFixed(1))} KB`

/** Each figure of `figures` over `budget`, as a sentence with the numbers. */
function overBudget(figures: PageFigures, budget: PageBudget): string[] {
  const { path: page, javaScript, htmlAndCss, scriptRequests, picturesAboveTheFold } = figures
  const over: string[] = []
  if (javaScript.total > budget.javaScript)
    over.push(`${page}: JavaScript ${kb(javaScript.total)} brotli over its ${budgetKb(budget.javaScript)} budget (entry ${kb(javaScript.entry)}, blocks ${kb(javaScript.blocks)})`)
  if (htmlAndCss.total > budget.htmlAndCss)
    over.push(`${page}: HTML and CSS ${kb(htmlAndCss.total)} brotli over its ${budgetKb(budget.htmlAndCss)} budget (HTML ${kb(htmlAndCss.html)}, linked CSS ${kb(htmlAndCss.css)})`)
  if (scriptRequests > budget.scriptRequests) over.push(`${page}: ${scriptRequests} script requests before idle, over its budget of ${budget.scriptRequests}`)
  if (picturesAboveTheFold > budget.picturesAboveTheFold)
    over.push(`${page}: pictures above the fold ${kb(picturesAboveTheFold)} over its ${budgetKb(budget.picturesAboveTheFold)} budget`)
  return over
}

/** Every page of the site built in `distDir` (its route table) measured against its budget: one sentence per figure over it, none when all hold. */
export function checkPageBudgets(distDir: string, budgets = pageBudgets): string[] {
  const routes = JSON.parse(fs.readFileSync(path.join(distDir, builtSiteFiles.routes), 'utf8')) as { path: string }[]
  const manifest = readManifest(distDir)
  return routes.flatMap((route) => overBudget(pageFigures(distDir, route.path, manifest), budgetOf(route.path, budgets)))
}
