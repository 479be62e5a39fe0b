/** The editor's address, on the dev server and on the production server alike; its pages and API live under it. */
export const EDITOR_BASE = '/_editor'
/** Its JSON API. */
export const EDITOR_API = `${EDITOR_BASE}/api/`
/** Who is signed in and the CSRF token the API's changes carry (the production server's access layer answers it; the dev server its own). */
export const SESSION_API = `${EDITOR_API}session`

/**
 * The addresses of what the editor shows, each answered with the editor's page, which opens it
 * (editor/client/address/editor-place.ts): a page, `/_editor/page/about?block=3` (its address
 * after /page, the block numbered as its list numbers it), and a site screen,
 * `/_editor/screen/menu`. So a reload, back and forward, and a link shared with another editor
 * open the same place.
 */
export const EDITOR_PLACES = { page: `${EDITOR_BASE}/page`, screen: `${EDITOR_BASE}/screen` } as const

/** The editor's two pages by address, as their source files under editor/ (and their built copies under build/editor/) are named. */
const EDITOR_PAGES: ReadonlyMap<string, string> = new Map([
  [EDITOR_BASE, 'index.html'],
  [`${EDITOR_BASE}/preview`, 'preview/index.html'],
  // The editor's page opens its "Sign-in security" screen alone here (editor/client/main.tsx).
  [`${EDITOR_BASE}/security`, 'index.html'],
])

const isPlace = (path: string) => Object.values(EDITOR_PLACES).some((place) => path === place || path.startsWith(`${place}/`))

/** The page an address names, with or without its trailing slash: a place the editor shows is the editor's page. */
export const editorPageAt = (path: string) => (isPlace(path) ? 'index.html' : EDITOR_PAGES.get(path.length > 1 ? path.replace(/\/$/, '') : path))
