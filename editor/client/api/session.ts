import type { Role } from '../../../site/editor-roles'

/**
 * The editor's requests to its server. Every change (POST) carries the session's CSRF token
 * (`X-CSRF-Token`), fetched once from `GET /_editor/api/session`: the production server takes a
 * change only with it; the dev server answers a token it does not check. A 401 (the sign-in has
 * ended) is noted once, for the editor to say so (SignedOutNotice).
 */
const SESSION_ADDRESS = '/_editor/api/session'
/** Where a signed-out author signs in again, coming back to the page or screen they were on (the sign-in takes only an editor's address back). */
export const signInAddress = () => `/_editor/sign-in?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`

export interface EditorSession {
  account: string
  /** What the account may do; the dev server's is an admin's. */
  role: Role
  csrfToken: string
}

let session: Promise<EditorSession> | undefined
let signedOut = false
const listeners = new Set<() => void>()

/** The session, asked for once (again only after asking failed). */
export function editorSession(): Promise<EditorSession> {
  session ??= fetch(SESSION_ADDRESS).then(async (response) => {
    noteStatus(response.status)
    if (!response.ok) throw new Error(`The editor's session could not be read (${response.status}).`)
    return (await response.json()) as EditorSession
  })
  session.catch(() => (session = undefined))
  return session
}

/** Reads the session afresh at the next request: after a password change the session goes on under a new id, with a new token. */
export function forgetSession(): void {
  session = undefined
}

function noteStatus(status: number) {
  if (status !== 401 || signedOut) return
  signedOut = true
  for (const listener of listeners) listener()
}

/** fetch, with the CSRF token on every request that is not a GET, and a 401 noted. */
export async function editorFetch(address: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase()
  const headers = new Headers(init.headers)
  if (method !== 'GET' && method !== 'HEAD') headers.set('X-CSRF-Token', (await editorSession().catch(() => undefined))?.csrfToken ?? '')
  const response = await fetch(address, { ...init, headers })
  noteStatus(response.status)
  return response
}

/** For useSyncExternalStore: whether an answer said the sign-in has ended. */
export const signedOutState = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  get: () => signedOut,
}
