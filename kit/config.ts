import type { SiteTexts } from '../site/generated/site-config'
import type { SiteForms } from '../site/form-payload'
import type { PageContent, RouteSummary } from '../site/page-content'
import type { BlockTexts, PageData, PageStart, SharedSiteData, SiteData, SiteShell } from '../site/site-data'
import type { ThemePalettes } from '../site/theme-palettes'
import type { DerivedPicture } from '../site/derived-pictures'

export type { PageContent, PageStart, RouteSummary, SharedSiteData, SiteData, SiteShell }

/** Where a page's content comes from: the built page-data files, the dev server's modules, the prerender's config. */
export type PageSource = (path: string) => Promise<PageData>

/**
 * The config in the runtime, from one source handed in (provideSiteData): the client entry reads
 * it from the page's HTML, the prerender and the dev server from the config, the editor's preview
 * from its messages. No config is compiled into the bundle, so one code build serves any site.
 * The objects below are made once and their contents replaced, since every module holds the
 * same references; the config was checked against schemas/ before, so its shape is trusted.
 */
export const config = {} as SiteShell
export const themePalettes = {} as ThemePalettes
/** The forms section: filled in only once a page with a form block is shown. */
export const formsConfig: SiteForms = {}
const blockTexts: Record<string, Record<string, unknown>> = {}
/** The derived files of the pictures seen so far (a content build's), and the shown page's first screen's picture. */
const derivedPictures: Record<string, DerivedPicture> = {}
let lcpPicture: string | undefined

let pageSource: PageSource = (path) => Promise.reject(new Error(`No site data provided before loading ${path}`))

function replaceContents(target: object, next: object) {
  for (const key of Object.keys(target)) delete (target as Record<string, unknown>)[key]
  Object.assign(target, next)
}

/** The words a block writes itself (texts.<block type>): they arrive with the pages that show the block. */
export function textsOf<Group extends keyof BlockTexts>(group: Group): NonNullable<SiteTexts[Group]> {
  return (blockTexts[group] ??= {}) as NonNullable<SiteTexts[Group]>
}

/** What the content build made of the picture `src` (undefined in development, in the editor's preview, and for an SVG). */
export const derivedPictureOf = (src: string): DerivedPicture | undefined => derivedPictures[src]

/** Whether `src` is the shown page's first screen's main picture (site/picture-slots.ts lcpPictureOf). */
export const isLcpPicture = (src: string): boolean => src === lcpPicture

function provideBlockNeeds({ texts, forms, pictures }: Pick<SiteData, 'texts' | 'forms' | 'pictures'>) {
  for (const [group, words] of Object.entries(texts)) replaceContents(textsOf(group as keyof BlockTexts), words as object)
  if (forms) replaceContents(formsConfig, forms)
  Object.assign(derivedPictures, pictures?.derived)
  lcpPicture = pictures?.lcp
}

const listeners = new Set<() => void>()

/** Hands the runtime its config and where pages' content comes from; a second call (a saved config in development) replaces both. */
export function provideSiteData(data: SiteData, pages: PageSource): void {
  replaceContents(config, data.shell)
  replaceContents(themePalettes, data.palettes)
  // Another site (the content build's process renders one config after another): none of the last one's pictures.
  replaceContents(derivedPictures, {})
  provideBlockNeeds(data)
  pageSource = pages
  for (const listener of listeners) listener()
}

/** The title, description, share image and blocks of one page, with the words and forms its blocks need. */
export async function loadPageContent(route: RouteSummary): Promise<PageContent> {
  const page = await pageSource(route.path)
  provideBlockNeeds(page)
  return page.content
}

/**
 * Called after provideSiteData replaced the config (the dev server on a saved site.config.json),
 * so the page can re-render with it instead of reloading.
 */
export function onConfigChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
