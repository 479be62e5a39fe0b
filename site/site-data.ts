import type { Block, IconName, Route, SiteConfig, SiteTexts } from './generated/site-config'
import { shellIconNames, withBrandDefaults } from './brand-defaults.ts'
import type { SiteForms } from './form-payload.ts'
import { pageContentOf, routeSummaryOf, type PageContent, type RouteSummary } from './page-content.ts'
import { isShellTextGroup, shellTextGroups, type ShellTexts } from './text-groups.ts'
import type { LanguageSiteConfig, SiteLanguages } from './languages.ts'
import { themePalettes, type ThemePalettes } from './theme-palettes.ts'
import { pagePicturesOf, type DerivedPictures, type PagePictures } from './derived-pictures.ts'
import { lcpPictureOf } from './picture-slots.ts'

/**
 * What every page needs of the config: settings, navigation, footer, the route table and the
 * words of the header, menus, footer and 404 page; no forms, no page content, no block's words,
 * no editor hint; the social networks' and the chat's names and icons filled in.
 */
export type SiteShell = Omit<SiteConfig, 'routes' | 'forms' | 'texts'> & { routes: RouteSummary[]; texts: ShellTexts; languages?: SiteLanguages }

/** A config as the pages of one language are built from (site/languages.ts); a one-language site's is its config as it is. */
type BuiltConfig = SiteConfig | LanguageSiteConfig

/** The groups of `texts` a block writes itself, each named after the block type that shows it. */
export type BlockTexts = Partial<Omit<SiteTexts, (typeof shellTextGroups)[number]>>

/**
 * The config as the runtime receives it (kit/config.ts): the shell, the theme's palettes (worked
 * out here, not in every page), and the words and forms of the blocks it is given for. A built
 * page carries its own in its HTML (the blocks of that page); the dev server hands in them all.
 */
export interface SiteData {
  shell: SiteShell
  palettes: ThemePalettes
  /** The icons the shell draws (its social networks', its chat's), loaded before it renders (kit/ShellIcon.tsx). */
  shellIcons: IconName[]
  texts: BlockTexts
  /** Only with a form block among the blocks: the forms section is needed by nothing else. */
  forms?: SiteForms
  /** Only from a content build, for blocks with pictures: their derived files (kit/ui/Picture.tsx). */
  pictures?: PagePictures
}

/** What every page of a language shares: the content build writes it once into a content-hashed file, which browsers keep for a year. */
export type SharedSiteData = Pick<SiteData, 'shell' | 'palettes' | 'shellIcons'>

/**
 * What a built page carries in its HTML for its islands (runtime/islands/): where the shared data
 * is, the path it was prerendered at, and the words and forms of its interactive blocks only.
 */
export interface PageStart {
  /** The address of the language's SharedSiteData file ("/assets/site-<hash>.json"). */
  shared: string
  path: string
  texts: BlockTexts
  forms?: SiteForms
  /** The derived files of its interactive blocks' pictures, and the page's first screen's picture. */
  pictures?: PagePictures
}

/** One page as a client-side navigation loads it: its content and the words, forms and pictures its blocks need. */
export interface PageData {
  content: PageContent
  texts: BlockTexts
  forms?: SiteForms
  pictures?: PagePictures
}

/** The element of a built page holding its SiteData as JSON, which the client entry reads. */
export const SITE_DATA_ELEMENT_ID = 'site-data'

/** The block type that needs the forms section. */
const FORM_BLOCK = 'form'

function siteShellOf(config: BuiltConfig): SiteShell {
  const { forms: _forms, routes, texts, $schema: _schema, ...rest } = config as SiteConfig & { $schema?: string }
  return {
    ...rest,
    site: withBrandDefaults(rest.site),
    texts: Object.fromEntries(shellTextGroups.map((group) => [group, texts[group]])) as ShellTexts,
    routes: routes.map(routeSummaryOf),
  }
}

/**
 * The words, forms and pictures the given blocks show (every block's words and every derived
 * picture, when `blocks` is "all"; the first screen's picture is then each page's own, pageDataOf).
 */
function blockNeedsOf(config: BuiltConfig, blocks: Block[] | 'all', derived: DerivedPictures | undefined): Pick<SiteData, 'texts' | 'forms' | 'pictures'> {
  const types = blocks === 'all' ? null : new Set(blocks.map((block) => block.type))
  const groups = Object.keys(config.texts).filter((group) => !isShellTextGroup(group) && (!types || types.has(group as Block['type'])))
  const texts = Object.fromEntries(groups.map((group) => [group, config.texts[group as keyof SiteTexts]])) as BlockTexts
  const pictures = blocks === 'all' ? derived && { derived } : pagePicturesOf(blocks, derived)
  return { texts, ...((!types || types.has(FORM_BLOCK)) && { forms: config.forms ?? {} }), ...(pictures && { pictures }) }
}

export function sharedSiteDataOf(config: BuiltConfig): SharedSiteData {
  return { shell: siteShellOf(config), palettes: themePalettes(config.site.theme), shellIcons: shellIconNames(config.site) }
}

/**
 * The data a page starts with, for the given blocks (a page's own, none for the 404 page, "all" in
 * development), with the pictures the content build derived (none in development and the editor's
 * preview, whose pictures are shown as they are).
 */
export function siteDataOf(config: BuiltConfig, blocks: Block[] | 'all', derived?: DerivedPictures): SiteData {
  return { ...sharedSiteDataOf(config), ...blockNeedsOf(config, blocks, derived) }
}

/**
 * A built page's PageStart: `islandBlocks` are the blocks it hydrates, `shared` the address of its
 * language's SharedSiteData. The first screen's picture is the page's (`pageBlocks`), wherever it is.
 */
export function pageStartOf(config: BuiltConfig, islandBlocks: Block[], shared: string, path: string, derived?: DerivedPictures, pageBlocks: Block[] = islandBlocks): PageStart {
  const { pictures, ...needs } = blockNeedsOf(config, islandBlocks, derived)
  const lcp = lcpPictureOf(pageBlocks)
  const started = pictures || lcp ? { pictures: { derived: pictures?.derived ?? {}, ...(lcp ? { lcp } : {}) } } : {}
  return { shared, path, ...needs, ...started }
}

export function pageDataOf(config: BuiltConfig, route: Route, derived?: DerivedPictures): PageData {
  return { content: pageContentOf(route), ...blockNeedsOf(config, route.blocks, derived) }
}
