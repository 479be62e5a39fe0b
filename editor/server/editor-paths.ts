/** The editor's address, on the dev server and on the production server alike; its pages and API live under it. */
export const EDITOR_BASE = '/_editor'
/** Its JSON API. */
export const EDITOR_API = `${EDITOR_BASE}/api/`
/** Who is signed in and the CSRF token the API's changes carry (the production server's access layer answers it; the dev server its own). */
export const SESSION_API = `${EDITOR_API}session`

/** The editor's two pages by address, as their source files under editor/ (and their built copies under build/editor/) are named. */
const EDITOR_PAGES: ReadonlyMap<string, string> = new Map([
  [EDITOR_BASE, 'index.html'],
  [`${EDITOR_BASE}/preview`, 'preview/index.html'],
])

/** The page an address names, with or without its trailing slash. */
export const editorPageAt = (path: string) => EDITOR_PAGES.get(path.length > 1 ? path.replace(/\/$/, '') : path)
