import fs from 'node:fs'
import path from 'node:path'
import type { Block, SiteConfig } from '../site/generated/site-config.ts'
import type { LanguageSiteConfig } from '../site/languages.ts'
import { siteDataOf, SITE_DATA_ELEMENT_ID, type PageData, type SiteData } from '../site/site-data.ts'
import { shellIconNames } from '../site/brand-defaults.ts'
import type { DerivedPictures } from '../site/derived-pictures.ts'
import { iconNamesIn } from '../site/icon-names.ts'
import { notFoundRenderPath } from '../site/reserved-addresses.ts'
import type { CodeBuild } from './code-build-files.ts'
import { blockAssetTags, fillTemplate, inlineStylesheets, splitHeadTags, startAfterFirstPaint } from './html-page.ts'
import { assetsOf } from './manifest.ts'
import { withSiteHead } from './site-head.ts'

/** What the code build's prerender bundle (runtime/entry-server.tsx) offers the content build. */
export interface PrerenderEntry {
  startPrerender(data: SiteData, pages: (path: string) => Promise<PageData>): Promise<void>
  render(path: string, expectedStatus?: number): Promise<string>
}

/** Renders one page into the code build's template with the chunks, styles and data it starts with. */
export function pageWriter(code: CodeBuild, config: SiteConfig | LanguageSiteConfig, codeDir: string, entry: PrerenderEntry, fontTags = '', pictures: DerivedPictures = {}) {
  const { manifest } = code
  const template = withSiteHead(code.template, config.site, fontTags)
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
    `<script type="application/json" id="${SITE_DATA_ELEMENT_ID}">${JSON.stringify(siteDataOf(config, blocks, pictures)).replace(/</g, '\\u003c')}</script>`

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
