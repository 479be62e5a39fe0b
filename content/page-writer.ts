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

/** The names of the islands a rendered page hydrates (kit/islands/island-markup.ts), each once. */
const islandNamesIn = (html: string) => new Set([...html.matchAll(/ data-island="([^"]+)"/g)].map((match) => match[1]!))
/** The characters React escapes in an attribute's value, as it writes them. */
const attributeEscapes: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' }
/** The props each island of a rendered page hydrates with (the JSON of its data-props), in the order of the page. */
const islandPropsIn = (html: string): unknown[] =>
  [...html.matchAll(/<div [^>]*?data-island="[^"]*"[^>]*? data-props="([^"]*)"/g)].map(([, value]) =>
    JSON.parse(value!.replace(/&(?:quot|#x27|lt|gt|amp);/g, (escape) => attributeEscapes[escape]!)),
  )
/** The names of the parts a rendered page enhances with plain script (kit/islands/island-markup.ts), each once. */
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
  /** A block's component (its folder's module that is neither its enhancer nor its island). */
  const blockSource = (type: string) => {
    const key = Object.keys(manifest).find((source) => source.startsWith(`blocks/${type}/`) && !/(\.enhance\.ts|Island\.tsx)$/.test(source) && manifest[source]!.file)
    if (!key) throw new Error(`No built chunk for block type "${type}"`)
    return key
  }
  /** What an island hydrates: its block's own island module (<Type>Island.tsx, blocks/registry.ts), or else the block's component. */
  const islandSource = (type: string) => {
    const module = `blocks/${type}/${type[0]!.toUpperCase()}${type.slice(1)}Island.tsx`
    return manifest[module] ? module : blockSource(type)
  }
  /** A part's plain-script behaviour is the module <name in kebab-case>.enhance.ts (kit/enhancer.ts), a block's or the shell's. */
  const enhancerSource = (name: string) => {
    const module = `/${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.enhance.ts`
    const key = Object.keys(manifest).find((source) => source.endsWith(module))
    if (!key) throw new Error(`No built chunk for the part "${name}" to enhance (a module ${module.slice(1)})`)
    return key
  }
  /**
   * kit/lazy-icons.tsx as the manifest names it: its own source, the shared chunk Rolldown names
   * after it ("_lazy-icons-<hash>.js"), or the chunk of what React islands run on, which holds it
   * (vite.config.ts).
   */
  const lazyIconsSource = manifest['kit/lazy-icons.tsx']
    ? 'kit/lazy-icons.tsx'
    : Object.keys(manifest).find((key) => (key.startsWith('_lazy-icons-') || key.startsWith('_react-islands-')) && key.endsWith('.js'))
  if (!lazyIconsSource) throw new Error('The build manifest has no chunk of kit/lazy-icons.tsx')
  /** The chunks of the icons the islands' props name, with the module that draws them, which their hydration loads first. */
  const iconSources = (islandProps: unknown[]) => {
    const sources = [...iconNamesIn(islandProps)].flatMap((name) => {
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
      const islandModules = [...islands].map(islandSource).concat(iconSources(islandPropsIn(body)))
      // A page with React islands loads React and its data with them (runtime/entry-client.tsx): listed here, they are preloaded and counted.
      const reactModules = islands.size > 0 ? ['runtime/islands/hydrate-islands.tsx'] : []
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
