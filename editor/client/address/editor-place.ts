import { EDITOR_BASE, EDITOR_PLACES } from '../../server/editor-paths'

/**
 * What the editor shows, as its address says it (EDITOR_PLACES): a site screen, or a page and the
 * block open on it. The page stays while a screen is open: the preview goes on showing it.
 */
export interface EditorPlace {
  /** The page's address in the site ("/about"), or null for the first page (`/_editor` itself). */
  page: string | null
  /** The site screen open (its id in site-screens.ts), or null while the page is. */
  screen: string | null
  /** The block whose form is open, from 0, or null. */
  block: number | null
}

export const STARTING_PLACE: EditorPlace = { page: null, screen: null, block: null }

/** A path's parts as they go in an address: "/security_solutions/zero_trust" keeps its slashes, any other character is escaped. */
const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/')

/** The address of a place: `/_editor/screen/menu`, `/_editor/page/about?block=3` (blocks numbered from 1, as their list shows them). */
export function addressOf(place: EditorPlace): string {
  if (place.screen !== null) return `${EDITOR_PLACES.screen}/${encodeURIComponent(place.screen)}`
  if (place.page === null) return EDITOR_BASE
  return `${EDITOR_PLACES.page}${encodePath(place.page.startsWith('/') ? place.page : `/${place.page}`)}${place.block === null ? '' : `?block=${place.block + 1}`}`
}

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

/** `?block=3` as the third block (2); anything else is no block. */
function blockOf(search: string): number | null {
  const number = new URLSearchParams(search).get('block')
  return number && /^[1-9]\d{0,5}$/.test(number) ? Number(number) - 1 : null
}

/**
 * The place an address names. An address of a screen keeps the page shown before (`current`'s),
 * for the preview; an address the editor does not know, or cannot read, is the first page.
 */
export function placeAt(pathname: string, search: string, current: EditorPlace = STARTING_PLACE): EditorPlace {
  const screenPrefix = `${EDITOR_PLACES.screen}/`
  if (pathname.startsWith(screenPrefix)) {
    const screen = decoded(pathname.slice(screenPrefix.length).replace(/\/$/, ''))
    if (screen) return { page: current.page, screen, block: null }
  }
  if (pathname === EDITOR_PLACES.page || pathname.startsWith(`${EDITOR_PLACES.page}/`)) {
    const page = decoded(pathname.slice(EDITOR_PLACES.page.length) || '/')
    if (page !== undefined) return { page, screen: null, block: blockOf(search) }
  }
  return STARTING_PLACE
}
