import { createHash } from 'node:crypto'
import type { SiteConfig } from '../site/generated/site-config.ts'
import { languageSites, type LanguageSite } from '../site/languages.ts'
import { routeSummaryOf } from '../site/page-content.ts'
import { pagePicturesOf, type DerivedPictures } from '../site/derived-pictures.ts'
import { structuredData } from './structured-data.ts'

/** The address the build keeps the 404 page's policy under, beside the routes' own paths. */
export const NOT_FOUND_PAGE = '/404.html'

/** A language's 404 page: NOT_FOUND_PAGE for the default language, `/bn/404.html` for another. */
export const notFoundPageOf = (prefix: string) => prefix + NOT_FOUND_PAGE

/**
 * What each page's files are made from, as a hash per page (its route's path; NOT_FOUND_PAGE):
 * two configs that give a page the same key give it the same bytes (with the same code build), so a
 * publish renders only the pages whose key changed and keeps the files of the others.
 *
 * Everything outside the routes is site-wide and in every page's key: the site's settings, theme,
 * menus, footer and words are in every page's header, footer, head tags and inline site data, the
 * forms in its site data. So are the routes' summaries (every path, alias and layout: each page
 * carries the route table its router is built from), which makes adding, removing or renaming a
 * page a change of every page. What a page adds is its own route (title, description, blocks) and
 * its structured data, which names the titles of the pages above it (its breadcrumbs), and the
 * derived files of its pictures (named by their bytes: a picture uploaded again under the same
 * name changes the pages that show it). And the year the page is rendered in: the footer's
 * copyright line prints it.
 *
 * In a site of several languages each language's pages are keyed from that language's site
 * (site/languages.ts), so a Bengali text changes the keys of the Bengali pages only.
 */
function pageKeysOf(config: SiteConfig, pictures: DerivedPictures, year = new Date().getFullYear()): Map<string, string> {
  return new Map(languageSites(config).flatMap((site) => [...languagePageKeys(site, pictures, year)]))
}

function languagePageKeys({ config, prefix }: LanguageSite, pictures: DerivedPictures, year: number): Map<string, string> {
  const { routes, ...settings } = config
  const siteWide = JSON.stringify({ year, settings, routes: routes.map(routeSummaryOf) })
  const keyOf = (...parts: unknown[]) => createHash('sha256').update(siteWide).update(JSON.stringify(parts)).digest('base64url')
  const keys = new Map(routes.map((route) => [route.path, keyOf(route, structuredData(config.site, route, routes, prefix), pagePicturesOf(route.blocks, pictures))]))
  keys.set(notFoundPageOf(prefix), keyOf())
  return keys
}

/** The file of a page's HTML in a built site. */
export const htmlFileOf = (page: string) => (page.endsWith(NOT_FOUND_PAGE) ? page.slice(1) : page === '/' ? 'index.html' : `${page.slice(1)}/index.html`)

/**
 * The keys of the pages of a site built from `config` and with derived `pictures` before, each
 * page's with the year it was rendered in (`renderedIn`, from its file; undefined for a page whose
 * file is missing).
 */
export function earlierKeysOf(config: SiteConfig, pictures: DerivedPictures, renderedIn: (page: string) => number | undefined): Map<string, string> {
  const keysByYear = new Map<number, Map<string, string>>()
  const keys = new Map<string, string>()
  for (const page of pageKeysOf(config, pictures).keys()) {
    const year = renderedIn(page)
    if (year === undefined) continue
    if (!keysByYear.has(year)) keysByYear.set(year, pageKeysOf(config, pictures, year))
    keys.set(page, keysByYear.get(year)!.get(page)!)
  }
  return keys
}

/** The pages of `config` to render now when the pages of an earlier site are at hand (their keys: earlierKeysOf): those new or changed since. */
export function pagesToRender(config: SiteConfig, pictures: DerivedPictures, earlierKeys: Map<string, string> | undefined, year?: number): Set<string> {
  const keys = pageKeysOf(config, pictures, year)
  return new Set([...keys].filter(([page, key]) => earlierKeys?.get(page) !== key).map(([page]) => page))
}
