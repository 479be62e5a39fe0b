import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { root } from '../authoring/project-paths.ts'
import type { SiteConfig } from '../site/generated/site-config.ts'
import { pageDataOf, sharedSiteDataOf, siteDataOf } from '../site/site-data.ts'
import { pageDataPath } from '../site/page-module-name.ts'
import { notFoundRenderPath } from '../site/reserved-addresses.ts'
import { themePalettes } from '../site/theme-palettes.ts'
import { builtSiteFiles, shareImageFile, type BuiltLanguage, type PagePolicy } from '../site/built-site-files.ts'
import { languageSites, type LanguageSite, type LanguageSiteConfig } from '../site/languages.ts'
import { readCodeBuild } from './code-build-files.ts'
import { derivePictures } from './derive-pictures.ts'
import { brotliQuality, compressedNames, precompressFiles } from './compress.ts'
import { readEarlierSite, type EarlierSite } from './earlier-site.ts'
import { linkFiles } from './link-files.ts'
import { htmlFileOf, notFoundPageOf, pagesToRender } from './page-keys.ts'
import { pagePolicyOf } from './page-policy.ts'
import { pageWriter, type PrerenderEntry } from './page-writer.ts'
import { shareImagePng, type ShareImageInput } from './share-image.ts'
import { robotsTxt, sitemapXml } from './sitemap.ts'
import { atomFeed, feedLinkTag, feedPathOf } from './blog-feed.ts'
import { dayOf, pageDatesOf, readPageDates } from './page-dates.ts'
import { fontHeadTags, siteFonts, type SiteFonts } from './web-fonts.ts'
import { structuredData, structuredDataTags } from './structured-data.ts'

export interface ContentBuildOptions {
  /** The config, checked (the checker's rules decide before anything is built) and with its schema defaults filled in. */
  config: SiteConfig
  /** The config's text as written, kept beside the pages (.site-config.json): what the editor publishes onto. */
  configText: string
  /** The code build's render folder (build/render/). */
  renderDir: string
  /** The code build's site folder (dist/): its scripts, styles and public files, shared by every version. */
  codeDir: string
  /** Where the site goes: codeDir itself (`npm run build`), or a new version's folder, into which the code build's files are linked. */
  outDir: string
  /** Pictures added since the code build (the editor's uploads), linked in like the code build's files. */
  pictureDirs?: string[]
  /**
   * Where the pictures' encoded sizes are kept between builds (content/derive-pictures.ts):
   * node_modules/.cache/pictures unless given; the publishing server keeps its own under CONTENT_DIR.
   */
  pictureCacheDir?: string
  /** Told of a picture that cannot be resized (it is shown as it is): console.warn unless given. */
  onWarning?: (message: string) => void
  /** Off for a look at the pages only (SITE_PAGES_ONLY): no .br and .gz beside them. */
  precompress?: boolean
  /**
   * A site built before from another config with the same code build (the version a publish goes
   * onto): the files of every page that config gives the same content (page-keys.ts) are linked
   * from there, not rendered again. Without it, or when it is no such site, every page is rendered.
   */
  onto?: string
  /**
   * The day (YYYY-MM-DD) this config's changes were made, which each page it changes gets as its
   * lastmod in the sitemap (content/page-dates.ts); the others keep the day of the site built
   * before (`onto`, else the code build's folder). By default the day of the build: a publish.
   */
  changedOn?: string
  /** Told how many pages are rendered, then each time one is. */
  onProgress?: (progress: ContentBuildProgress) => void
}

/** "32 pages and the 404 page", or with several languages "35 pages and the 404 page of each of its 2 languages": what a build made, as the commands say it. */
export const builtPagesPhrase = ({ pages, languages }: { pages: number; languages: number }): string =>
  `${pages - languages} pages and ${languages === 1 ? 'the 404 page' : `the 404 page of each of its ${languages} languages`}`

/** " 2 pictures resized (5 files encoded, the rest kept from before).", or nothing for a site without raster pictures: how the commands end their line. */
export const resizedPhrase = ({ derived, encoded }: { derived: number; encoded: number }): string =>
  derived === 0 ? '' : ` ${derived} ${derived === 1 ? 'picture' : 'pictures'} resized (${encoded} ${encoded === 1 ? 'file' : 'files'} encoded, the rest kept from before).`

export interface ContentBuildProgress {
  /** Pages rendered by this build (the others are kept from `onto`). */
  render: number
  /** Pages of the site, the 404 page among them. */
  of: number
  /** Pages rendered so far. */
  rendered: number
}

/**
 * The share image's picture: the company's name in the headings' web font, the home page's title in
 * the body's, the theme's darkest and filled brand shades and a pale accent. One image for every
 * language: its default language's (`config` is that language's site).
 */
function shareImageOf(config: LanguageSiteConfig, fonts: SiteFonts): ShareImageInput {
  const { brand, accent } = themePalettes(config.site.theme)
  const home = config.routes.find((route) => route.path === '/')
  const drawnWith = { ...(fonts.headings.shareImage ? { title: fonts.headings.shareImage } : {}), ...(fonts.body.shareImage ? { tagline: fonts.body.shareImage } : {}) }
  return { name: config.site.name, tagline: home?.title ?? '', dark: brand[9], light: brand[6], accent: accent[3], ...(Object.keys(drawnWith).length ? { fonts: drawnWith } : {}) }
}

/** What the server answers a language's visitors with besides the forms: its locale, time zone and form and mail texts (site/form-words.ts). */
const formWordsOf = (config: LanguageSiteConfig) => ({ locale: config.site.locale, timeZone: config.site.timeZone, form: config.texts.form, mail: config.texts.mail })

/** `.site-languages.json`: each language's prefix, and the forms and words of every language but the default, which has the files of a one-language site. */
const builtLanguagesOf = (sites: LanguageSite[]): BuiltLanguage[] =>
  sites.map(({ language, prefix, config }, index) => (index === 0 ? { language, prefix } : { language, prefix, forms: config.forms ?? {}, words: formWordsOf(config) }))

/**
 * Turns a config into a site with the code build's bundles: every page prerendered (the chunks of
 * its islands, inline styles, structured data and its islands' data as JSON), each language's shared
 * data in a content-hashed file, each page's data file for
 * client navigations, the forms, route table and page policies the server reads, the sitemap,
 * robots.txt, the share image and the theme's web font files (content/web-fonts.ts). A config in
 * several languages (site.locales) is built as one site per language (site/languages.ts), each
 * language's pages and 404 page under its prefix, with one route table, sitemap and set of policies. Needs no Vite and no development package, so the production
 * server runs it to publish. Built onto an earlier site, it renders only the pages that changed and
 * links the others' files: the same files, byte for byte, as a build of every page.
 */
export async function buildContent(
  options: ContentBuildOptions,
): Promise<{ pages: number; languages: number; rendered: number; files: string[]; pictures: { derived: number; encoded: number } }> {
  const { config, outDir } = options
  const precompress = options.precompress !== false
  const code = readCodeBuild(options.renderDir)
  if (path.resolve(outDir) !== path.resolve(options.codeDir)) {
    fs.mkdirSync(outDir, { recursive: true })
    linkFiles(options.codeDir, code.codeFiles, outDir)
  }
  for (const dir of options.pictureDirs ?? []) if (fs.existsSync(dir)) linkFiles(dir, null, outDir)
  const earlier = options.onto && path.resolve(options.onto) !== path.resolve(outDir) ? readEarlierSite(options.onto, code) : undefined
  // Read before anything is written: with no `onto`, the site built before may be the one in outDir itself.
  const earlierDates = readPageDates(options.onto ?? options.codeDir)

  const written: string[] = []
  /** Files this build made, which it compresses (a kept file's copies are kept with it). */
  const made: string[] = []
  const write = (relative: string, body: string | Buffer) => {
    const file = path.join(outDir, relative)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    // A new file, never a write into the old one: it may be a link shared with another version's folder.
    fs.rmSync(file, { force: true })
    fs.writeFileSync(file, body)
    written.push(relative)
    made.push(relative)
  }
  /** Links `files` and their compressed copies from the earlier site; false, linking nothing, when it lacks any. */
  const keep = (site: EarlierSite, files: string[]): boolean => {
    const all = precompress ? [...files, ...compressedNames(files)] : files
    if (!all.every((file) => site.files.has(file))) return false
    try {
      linkFiles(site.dir, all, outDir)
    } catch (error) {
      // Removed meanwhile (an old version pruned): the page is rendered instead, over any link made.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      return false
    }
    written.push(...files)
    return true
  }

  const sites = languageSites(config)
  const pictures = await derivePictures({
    blocks: sites.flatMap((site) => site.config.routes.flatMap((route) => route.blocks)),
    siteDir: outDir,
    cacheDir: options.pictureCacheDir ?? path.join(root, 'node_modules', '.cache', 'pictures'),
    earlierDir: earlier?.dir,
    warn: options.onWarning ?? ((message) => console.warn(message)),
  })
  const derived = pictures.derived
  written.push(...pictures.files)
  const pageCount = sites.reduce((count, site) => count + site.config.routes.length + 1, 0)
  const toRender = pagesToRender(config, derived, earlier?.keys)
  const progress: ContentBuildProgress = { render: toRender.size, of: pageCount, rendered: 0 }
  options.onProgress?.({ ...progress })
  const entry = (await import(pathToFileURL(code.prerender).href)) as PrerenderEntry
  const fonts = siteFonts(config.site, options.codeDir)
  for (const face of fonts.faces) write(face.url.slice(1), fs.readFileSync(face.source))
  const pagePolicies: Record<string, PagePolicy> = {}
  /** A page's policy and files: kept from the earlier site when its content is the same there, else rendered by `render`. */
  const keptOrRendered = async (page: string, files: string[], render: () => Promise<string>) => {
    const policy = earlier?.policies[page]
    if (!toRender.has(page) && earlier && policy && keep(earlier, files)) {
      pagePolicies[page] = policy
      return
    }
    if (!toRender.has(page)) progress.render += 1
    pagePolicies[page] = pagePolicyOf(await render())
    progress.rendered += 1
    options.onProgress?.({ ...progress })
  }
  // One language at a time: the prerender holds one site, and each language's is its own (its texts, its paths, its <html lang>).
  for (const language of sites) {
    const { config: site, prefix } = language
    await entry.startPrerender(siteDataOf(site, 'all', derived), async (urlPath) => {
      const route = site.routes.find((candidate) => candidate.path === urlPath)
      if (!route) throw new Error(`No route ${urlPath} in the config`)
      return pageDataOf(site, route, derived)
    })
    // What every page of the language shares, once, under a name made of its content: browsers keep
    // it for a year (/assets/), and a publish that leaves the shell alone writes the same name.
    const shared = JSON.stringify(sharedSiteDataOf(site))
    const sharedFile = `assets/site-${createHash('sha256').update(shared).digest('base64url').slice(0, 12)}.json`
    write(sharedFile, shared)
    const pages = pageWriter(code, site, options.codeDir, entry, `/${sharedFile}`, fontHeadTags(fonts), derived)
    for (const route of site.routes) {
      const dataFile = pageDataPath(route.path).slice(1)
      const htmlFile = htmlFileOf(route.path)
      await keptOrRendered(route.path, [dataFile, htmlFile], async () => {
        write(dataFile, JSON.stringify(pageDataOf(site, route, derived)))
        const headTags = [feedLinkTag(language, route), structuredDataTags(structuredData(site.site, route, site.routes, prefix))].filter(Boolean).join('\n    ')
        const html = await pages.render(route.path, route.blocks, headTags)
        write(htmlFile, html)
        return html
      })
    }
    const notFoundPage = notFoundPageOf(prefix)
    await keptOrRendered(notFoundPage, [htmlFileOf(notFoundPage)], async () => {
      const html = await pages.render(notFoundRenderPath, [])
      write(htmlFileOf(notFoundPage), html)
      return html
    })
  }

  const routes = sites.flatMap((site) => site.config.routes)
  write(builtSiteFiles.configText, options.configText)
  write(builtSiteFiles.forms, JSON.stringify(sites[0]!.config.forms ?? {}))
  write(builtSiteFiles.formWords, JSON.stringify(formWordsOf(sites[0]!.config)))
  if (sites.length > 1) write(builtSiteFiles.languages, JSON.stringify(builtLanguagesOf(sites)))
  write(builtSiteFiles.routes, JSON.stringify(routes.map(({ path, aliases }) => ({ path, aliases: aliases ?? [] }))))
  write(builtSiteFiles.security, JSON.stringify(pagePolicies, null, 2))
  write(builtSiteFiles.pictures, JSON.stringify(derived))
  const pageDates = pageDatesOf(config, earlierDates, options.changedOn ?? dayOf(new Date()))
  write(builtSiteFiles.pageDates, JSON.stringify(pageDates, null, 2))
  write('sitemap.xml', sitemapXml(config.site.url, routes, Object.fromEntries(sites.map((site) => [site.language, site.tag])), pageDates))
  for (const site of sites) {
    const feed = atomFeed(site)
    if (feed) write(feedPathOf(site.prefix).slice(1), feed)
  }
  write('robots.txt', robotsTxt(config.site.url))
  const shareImage = shareImageOf(sites[0]!.config, fonts)
  const sameShareImage =
    earlier !== undefined && JSON.stringify(shareImageOf(languageSites(earlier.config)[0]!.config, siteFonts(earlier.config.site, options.codeDir))) === JSON.stringify(shareImage)
  if (!(sameShareImage && keep(earlier, [shareImageFile]))) write(shareImageFile, await shareImagePng(shareImage))

  if (precompress) await precompressFiles(outDir, made, brotliQuality.pages)
  const files = precompress ? [...written, ...compressedNames(written)] : written
  // Last: the server takes a folder without its route table for an unfinished build.
  fs.rmSync(path.join(outDir, builtSiteFiles.contentFiles), { force: true })
  fs.writeFileSync(path.join(outDir, builtSiteFiles.contentFiles), JSON.stringify(files))
  return { pages: pageCount, languages: sites.length, rendered: progress.rendered, files, pictures: { derived: Object.keys(derived).length, encoded: pictures.encoded } }
}
