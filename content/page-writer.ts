import fs from 'node:fs'
import path from 'node:path'
import type { Block, SiteConfig } from '../site/generated/site-config.ts'
import type { LanguageSiteConfig } from '../site/languages.ts'
import { pageStartOf, SITE_DATA_ELEMENT_ID, type PageData, type SiteData } from '../site/site-data.ts'
import type { DerivedPictures } from '../site/derived-pictures.ts'
import { iconNamesIn } from '../site/icon-names.ts'
import { notFoundRenderPath } from '../site/reserved-addresses.ts'
import type { CodeBuild } from './code-build-files.ts'
import { blockAssetTags, fillTemplate, inlineStylesheets, navigationPrefetch, splitHeadTags, startAfterFirstPaint } from './html-page.ts'
import { assetsOf } from './manifest.ts'
import { withSiteHead } from './site-head.ts'

/** What the code build's prerender bundle (runtime/entry-server.tsx) offers the content build. */
export interface PrerenderEntry {
  startPrerender(data: SiteData, pages: (path: string) => Promise<PageData>): Promise<void>
  render(path: string, expectedStatus?: number): Promise<string>
}

/** The names of the islands a rendered page hydrates (runtime/islands/island-markup.ts), each once. */
const islandNamesIn = (html: string) => new Set([...html.matchAll(/ data-island="([^"]+)"/g)].map((match) => match[1]!))
/** The names of the parts a rendered page enhances with plain script (runtime/islands/island-markup.ts), each once. */
const enhancedNamesIn = (html: string) => new Set([...html.matchAll(/ data-enhance="([^"]+)"/g)].map((match) => match[1]!))

/**
 * Renders one page into the code build's template with the styles it shows, the chunks of the
 * islands it hydrates, and the data they start with; `sharedFile` is the address of the
 * language's shared data file (site/site-data.ts SharedSiteData), which the page names.
 */
export function pageWriter(
  code: CodeBuild,
  config: SiteConfig | LanguageSiteConfig,
  codeDir: string,
  entry: PrerenderEntry,
  sharedFile: string,
  fontTags = '',
  pictures: DerivedPictures = {},
) {
  const { manifest } = code
  const template = withSiteHead(code.template, config.site, fontTags)
  /** A block's component (its folder's module that is not its enhancer). */
  const blockSource = (type: string) => {
    const key = Object.keys(manifest).find((source) => source.startsWith(`blocks/${type}/`) && !source.endsWith('.enhance.ts') && manifest[source]!.file)
    if (!key) throw new Error(`No built chunk for block type "${type}"`)
    return key
  }
  /** A part's plain-script behaviour is the module <name in kebab-case>.enhance.ts (kit/enhancer.ts), a block's or the shell's. */
  const enhancerSource = (name: string) => {
    const module = `/${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.enhance.ts`
    const key = Object.keys(manifest).find((source) => source.endsWith(module))
    if (!key) throw new Error(`No built chunk for the part "${name}" to enhance (a module ${module.slice(1)})`)
    return key
  }
  /**
   * kit/lazy-icons.tsx as the manifest names it: its own source, or, when the blocks import it too,
   * the shared chunk Rolldown names after it ("_lazy-icons-<hash>.js").
   */
  const lazyIconsSource = manifest['kit/lazy-icons.tsx'] ? 'kit/lazy-icons.tsx' : Object.keys(manifest).find((key) => key.startsWith('_lazy-icons-') && key.endsWith('.js'))
  if (!lazyIconsSource) throw new Error('The build manifest has no chunk of kit/lazy-icons.tsx')
  /** The chunks of the icons the hydrated blocks name, with the module that draws them, which their hydration loads first. */
  const iconSources = (blocks: Block[]) => {
    const sources = [...iconNamesIn(blocks)].flatMap((name) => {
      const source = code.iconModules.get(name)
      if (!source) throw new Error(`kit/icon-loaders.ts has no loader for the icon "${name}"`)
      return manifest[source] ? [source] : []
    })
    return sources.length ? [lazyIconsSource, ...sources] : []
  }
  const stylesheets = new Map<string, string>()
  const readAsset = (href: string) => stylesheets.get(href) ?? stylesheets.set(href, fs.readFileSync(path.join(codeDir, href), 'utf8')).get(href)!
  /** What a page's islands start with, as a JSON script the client entry reads (a "<" inside a string would end the element early). */
  const pageStartTag = (islandBlocks: Block[], urlPath: string, pageBlocks: Block[]) =>
    `<script type="application/json" id="${SITE_DATA_ELEMENT_ID}">${JSON.stringify(pageStartOf(config, islandBlocks, sharedFile, urlPath, pictures, pageBlocks)).replace(/</g, '\\u003c')}</script>`

  return {
    async render(urlPath: string, blocks: Block[], jsonLd = ''): Promise<string> {
      const { head, body } = splitHeadTags(await entry.render(urlPath, urlPath === notFoundRenderPath ? 404 : 200))
      // Every block's styles, but the scripts of the islands alone: the other blocks are never hydrated.
      const islands = islandNamesIn(body)
      const blockTypes = new Set(blocks.map((block) => block.type))
      const islandBlocks = blocks.filter((block) => islands.has(block.type))
      const islandModules = [...islands].map(blockSource).concat(iconSources(islandBlocks))
      // A page with React islands loads React and its data with them (runtime/entry-client.tsx): listed here, they are preloaded and counted.
      const reactModules = islands.size > 0 ? ['runtime/islands/hydrate-islands.tsx', 'runtime/built-site-data.ts'] : []
      const scriptModules = islandModules.concat(reactModules, [...enhancedNamesIn(body)].map(enhancerSource))
      const styles = assetsOf(manifest, [...blockTypes].map(blockSource).concat(islandModules)).css
      // The entry's own script and CSS are already in the template.
      const notInTemplate = (file: string) => !template.includes(`/${file}"`)
      const assets = { js: assetsOf(manifest, scriptModules).js.filter(notInTemplate), css: styles.filter(notInTemplate) }
      // Only React islands read the page's data: a page whose parts are all plain script carries none.
      const pageStart = islands.size > 0 ? `${pageStartTag(islandBlocks, urlPath, blocks)}\n    ` : ''
      const page = fillTemplate(template, jsonLd ? `${head}\n    ${jsonLd}` : head, blockAssetTags(assets), body).replace(
        '</body>',
        () => `  ${pageStart}${navigationPrefetch}\n  </body>`,
      )
      return startAfterFirstPaint(inlineStylesheets(page, readAsset), assets.js)
    },
  }
}
