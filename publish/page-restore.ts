import { isDeepStrictEqual } from 'node:util'
import { addressKey } from '../authoring/check/site-addresses.ts'
import { writeChanges } from '../authoring/config/config-changes.ts'
import type { Route, SiteConfig } from '../site/generated/site-config.ts'

/** The version restored from has no page at that address, or the current site none at the address to restore it over. */
export class PageNotFound extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PageNotFound'
  }
}

/** The page is already as it was in that version: a restore would publish nothing new. */
export class NothingToRestore extends Error {
  constructor(title: string) {
    super(`Nothing to restore: “${title}” is already exactly as it was in that version.`)
    this.name = 'NothingToRestore'
  }
}

/**
 * How the page was found in the current site: at the same address; at another address now (it
 * was moved since, and keeps the old one as an alias, or shares one of its addresses); or not at
 * all (it was deleted since, and comes back).
 */
type RestoreMatch = 'same-address' | 'moved' | 'brought-back'

export interface RestoredPage {
  /** The current text with the page restored; every byte outside the page as it was. */
  text: string
  match: RestoreMatch
  /** The page's address once restored. */
  path: string
  title: string
}

const addressesOf = (route: Route) => [route.path, ...(route.aliases ?? [])].map(addressKey)

/** The current page that is `page`: the one at its address, else one that has one of its addresses among its own. */
function samePageIn(routes: Route[], page: Route): number {
  const atAddress = routes.findIndex((route) => addressKey(route.path) === addressKey(page.path))
  if (atAddress >= 0) return atAddress
  const its = new Set(addressesOf(page))
  return routes.findIndex((route) => addressesOf(route).some((address) => its.has(address)))
}

/** Where a page that came back goes: after the page it followed in the version, else at its place there. */
function placeFor(routes: Route[], from: Route[], index: number): number {
  for (let before = index - 1; before >= 0; before--) {
    const found = routes.findIndex((route) => route.path === from[before]!.path)
    if (found >= 0) return found + 1
  }
  return Math.min(index, routes.length)
}

/** Which page restored over which one now: the page's address in the version, and (when the editor knows it) the address of the same page now. */
export interface RestoreTarget {
  page: string
  into?: string | undefined
}

/**
 * The current config's text with one page put back as it is in `from` (a published version, or the
 * site as deployed), every other page and every site setting left as they are now, written as the
 * editor's save writes (writeChanges: only what differs is touched). The page now is the one at
 * `into` when the editor names it (the page whose history it shows, whatever its address was
 * then), else the one at the same address, else one that shares an address with it (it moved and
 * kept the old one as an alias). A page found at another address now keeps that address and its
 * aliases: links, the menus and visitors' bookmarks lead there now, so everything but its address
 * comes back. A page not found was deleted since: it comes back whole, after the page it followed
 * (it is not put back into the menus). It runs on the server's event loop: on the shipped config
 * (0.2 MB) the edit takes 5 to 11 ms (most of it writeChanges reading the text), once per restore,
 * far inside the 100 ms a visitor may wait; the check of its result runs in the checker's thread.
 */
export function restorePage(currentText: string, from: SiteConfig, { page: pagePath, into }: RestoreTarget): RestoredPage {
  const sourceIndex = (from.routes ?? []).findIndex((route) => route.path === pagePath)
  const page = from.routes?.[sourceIndex]
  if (!page) throw new PageNotFound(`That version has no page at ${pagePath}, so it cannot be restored from it.`)
  const current = JSON.parse(currentText) as SiteConfig
  const routes = [...(current.routes ?? [])]
  const index = into === undefined ? samePageIn(routes, page) : routes.findIndex((route) => route.path === into)
  if (index < 0 && into !== undefined) throw new PageNotFound(`There is no page at ${into} now: reload the editor to see the pages as they are.`)
  let match: RestoreMatch
  let restored: Route
  if (index < 0) {
    match = 'brought-back'
    restored = page
    routes.splice(placeFor(routes, from.routes, sourceIndex), 0, restored)
  } else {
    const now = routes[index]!
    match = now.path === page.path ? 'same-address' : 'moved'
    const { path: _path, aliases: _aliases, ...content } = page
    restored = { path: now.path, ...(now.aliases ? { aliases: now.aliases } : {}), ...content }
    if (isDeepStrictEqual(restored, now)) throw new NothingToRestore(now.title)
    routes[index] = restored
  }
  return { text: writeChanges(currentText, { ...current, routes }), match, path: restored.path, title: restored.title }
}
