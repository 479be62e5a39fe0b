import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Block, SiteConfig } from '../site/generated/site-config.ts'
import { pageDataOf, siteDataOf, SITE_DATA_ELEMENT_ID, type PageData, type SiteData } from '../site/site-data.ts'
import { pageDataPath } from '../site/page-module-name.ts'
import { shellIconNames } from '../site/brand-defaults.ts'
import { iconNamesIn } from '../site/icon-names.ts'
import { notFoundRenderPath } from '../site/reserved-addresses.ts'
import { themePalettes, type ThemePalettes } from '../site/theme-palettes.ts'
import { builtSiteFiles, shareImageFile } from '../site/built-site-files.ts'
import type { PagePolicy } from '../server/security-headers.ts'
import { readCodeBuild, type CodeBuild } from './code-build-files.ts'
import { brotliQuality, precompressFiles } from './compress.ts'
import { blockAssetTags, fillTemplate, inlineStylesheets, splitHeadTags, startAfterFirstPaint } from './html-page.ts'
import { linkFiles } from './link-files.ts'
import { assetsOf } from './manifest.ts'
import { pagePolicyOf } from './page-policy.ts'
import { shareImagePng } from './share-image.ts'
import { withSiteHead } from './site-head.ts'
import { robotsTxt, sitemapXml } from './sitemap.ts'
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
  /** Off for a look at the pages only (SITE_PAGES_ONLY): no .br and .gz beside them. */
  precompress?: boolean
}

interface PrerenderEntry {
  startPrerender(data: SiteData, pages: (path: string) => Promise<PageData>): Promise<void>
  render(path: string, expectedStatus?: number): Promise<string>
}

/** The theme's colours for the share image: the brand's darkest and filled shades, a pale accent. */
const shareColoursOf = ({ brand, accent }: ThemePalettes) => ({ dark: brand[9], light: brand[6], accent: accent[3] })

/**
 * Turns a config into a site with the code build's bundles: every page prerendered (its start-up
 * chunks, inline styles, structured data and its own data as JSON), each page's data file for
 * client navigations, the forms, route table and page policies the server reads, the sitemap,
 * robots.txt and the share image. Needs no Vite and no development package, so the production
 * server runs it to publish; the prerender bundle holds the module state of one site, so one
 * process builds one config (the publisher forks a process per build).
 */
export async function buildContent(options: ContentBuildOptions): Promise<{ pages: number; files: string[] }> {
  const { config, outDir } = options
  const code = readCodeBuild(options.renderDir)
  if (path.resolve(outDir) !== path.resolve(options.codeDir)) {
    fs.mkdirSync(outDir, { recursive: true })
    linkFiles(options.codeDir, code.codeFiles, outDir)
  }
  for (const dir of options.pictureDirs ?? []) if (fs.existsSync(dir)) linkFiles(dir, null, outDir)

  const written: string[] = []
  const write = (relative: string, body: string | Buffer) => {
    const file = path.join(outDir, relative)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, body)
    written.push(relative)
  }

  const entry = (await import(pathToFileURL(code.prerender).href)) as PrerenderEntry
  await entry.startPrerender(siteDataOf(config, 'all'), async (urlPath) => {
    const route = config.routes.find((candidate) => candidate.path === urlPath)
    if (!route) throw new Error(`No route ${urlPath} in the config`)
    return pageDataOf(config, route)
  })
  const pages = pageWriter(code, config, options.codeDir, entry)
  const pagePolicies: Record<string, PagePolicy> = {}
  for (const route of config.routes) {
    write(pageDataPath(route.path).slice(1), JSON.stringify(pageDataOf(config, route)))
    const jsonLd = structuredDataTags(structuredData(config.site, route, config.routes))
    const html = await pages.render(route.path, route.blocks, jsonLd)
    write(route.path === '/' ? 'index.html' : `${route.path.slice(1)}/index.html`, html)
    pagePolicies[route.path] = pagePolicyOf(html)
  }
  const notFound = await pages.render(notFoundRenderPath, [])
  write('404.html', notFound)
  pagePolicies['/404.html'] = pagePolicyOf(notFound)

  write(builtSiteFiles.configText, options.configText)
  write(builtSiteFiles.forms, JSON.stringify(config.forms ?? {}))
  write(builtSiteFiles.routes, JSON.stringify(config.routes.map(({ path, aliases }) => ({ path, aliases: aliases ?? [] }))))
  write(builtSiteFiles.security, JSON.stringify(pagePolicies, null, 2))
  write('sitemap.xml', sitemapXml(config.site.url, config.routes))
  write('robots.txt', robotsTxt(config.site.url))
  const home = config.routes.find((route) => route.path === '/')
  write(shareImageFile, shareImagePng({ name: config.site.name, tagline: home?.title ?? '', ...shareColoursOf(themePalettes(config.site.theme)) }))

  const files = options.precompress === false ? written : [...written, ...(await precompressFiles(outDir, written, brotliQuality.pages))]
  // Last: the server takes a folder without its route table for an unfinished build.
  fs.writeFileSync(path.join(outDir, builtSiteFiles.contentFiles), JSON.stringify(files))
  return { pages: config.routes.length + 1, files }
}

/** Renders one page into the code build's template with the chunks, styles and data it starts with. */
function pageWriter(code: CodeBuild, config: SiteConfig, codeDir: string, entry: PrerenderEntry) {
  const { manifest } = code
  const template = withSiteHead(code.template, config.site)
  const blockSource = (type: string) => {
    const key = Object.keys(manifest).find((source) => source.startsWith(`blocks/${type}/`) && manifest[source]!.file)
    if (!key) throw new Error(`No built chunk for block type "${type}"`)
    return key
  }
  /**
   * The chunks of the icons a page's blocks name, which its hydration loads. An icon the shell
   * itself draws (the footer's mail icon) is part of the entry: no chunk of its own.
   */
  const iconSources = (blocks: unknown) =>
    [...iconNamesIn(blocks)].flatMap((name) => {
      const source = code.iconModules.get(name)
      if (!source) throw new Error(`kit/icon-loaders.ts has no loader for the icon "${name}"`)
      return manifest[source] ? [source] : []
    })
  /**
   * kit/lazy-icons.tsx as the manifest names it: its own source, or, when the blocks import it too,
   * the shared chunk Rolldown names after it ("_lazy-icons-<hash>.js").
   */
  const lazyIconsSource = manifest['kit/lazy-icons.tsx'] ? 'kit/lazy-icons.tsx' : Object.keys(manifest).find((key) => key.startsWith('_lazy-icons-') && key.endsWith('.js'))
  if (!lazyIconsSource) throw new Error('The build manifest has no chunk of kit/lazy-icons.tsx')
  /** The shell's icons (kit/ShellIcon.tsx), which every page loads before it hydrates. */
  const shellIconSources = [lazyIconsSource, ...iconSources(shellIconNames(config.site).map((icon) => ({ icon })))]
  const stylesheets = new Map<string, string>()
  const readAsset = (href: string) => stylesheets.get(href) ?? stylesheets.set(href, fs.readFileSync(path.join(codeDir, href), 'utf8')).get(href)!
  /** A page's own SiteData as a JSON script the client entry reads (a "<" inside a string would end the element early). */
  const siteDataTag = (blocks: Block[]) =>
    `<script type="application/json" id="${SITE_DATA_ELEMENT_ID}">${JSON.stringify(siteDataOf(config, blocks)).replace(/</g, '\\u003c')}</script>`

  return {
    async render(urlPath: string, blocks: Block[], jsonLd = ''): Promise<string> {
      // The page's blocks are in its HTML (the router's dehydrated loader data), so its start-up
      // scripts are the entry, its block components, its icons and the shell's, not its page data.
      const pageModules = [...new Set(blocks.map((block) => block.type))].map(blockSource).concat(iconSources(blocks), shellIconSources)
      const { head, body } = splitHeadTags(await entry.render(urlPath, urlPath === notFoundRenderPath ? 404 : 200))
      const pageAssets = assetsOf(manifest, pageModules)
      // The entry's own script and CSS are already in the template.
      const notInTemplate = (file: string) => !template.includes(`/${file}"`)
      const assets = { js: pageAssets.js.filter(notInTemplate), css: pageAssets.css.filter(notInTemplate) }
      const page = fillTemplate(template, jsonLd ? `${head}\n    ${jsonLd}` : head, blockAssetTags(assets), body).replace('</body>', () => `  ${siteDataTag(blocks)}\n  </body>`)
      return startAfterFirstPaint(inlineStylesheets(page, readAsset), assets.js)
    },
  }
}
