/**
 * The production editor over HTTP, as its browser page uses it: the sign-in form (its hidden CSRF
 * field, the Origin header), the session's CSRF token, the document, and Save (which publishes).
 * Works against any origin: one server instance, or nginx in front of several.
 */

export interface Route {
  path: string
  aliases?: string[]
  title: string
  description?: string
  blocks: unknown[]
}
export interface SiteConfig {
  routes: Route[]
  [part: string]: unknown
}
export interface EditorDocument {
  version: string
  config: SiteConfig
}
export interface SaveAnswer {
  status: number
  body: { version?: string; problems?: unknown[]; conflict?: boolean; message?: string; current?: { id: string; author: string } }
}

/** Signs `account` in at `origin`; the session (a cookie and its CSRF token) works on every instance sharing Redis. */
export async function signIn(origin: string, account: string, password: string) {
  const form = await fetch(`${origin}/_editor/sign-in`)
  if (form.status !== 200) throw new Error(`GET /_editor/sign-in answered ${form.status}`)
  const formCookie = form.headers.getSetCookie()[0]!.split(';')[0]!
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1]
  if (!csrf) throw new Error('the sign-in form has no csrf field')
  const signedIn = await fetch(`${origin}/_editor/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin, cookie: formCookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, next: '/_editor', account, password }),
  })
  const cookie = signedIn.headers
    .getSetCookie()
    .find((line) => line.startsWith('editor_session='))
    ?.split(';')[0]
  if (signedIn.status !== 303 || !cookie) throw new Error(`the sign-in of ${account} at ${origin} answered ${signedIn.status}: ${(await signedIn.text()).slice(0, 300)}`)
  const session = await fetch(`${origin}/_editor/api/session`, { headers: { cookie } })
  const { csrfToken } = (await session.json()) as { csrfToken: string }
  return { account, cookie, csrfToken }
}

export type EditorSession = Awaited<ReturnType<typeof signIn>>

export async function loadDocument(origin: string, session: EditorSession): Promise<EditorDocument> {
  const answer = await fetch(`${origin}/_editor/api/document`, { headers: { cookie: session.cookie } })
  if (answer.status !== 200) throw new Error(`GET /_editor/api/document answered ${answer.status}`)
  return (await answer.json()) as EditorDocument
}

/** A change the editor sends (Save publishes; check only checks), from the page of the instance it posts to. */
export async function post(origin: string, session: EditorSession, path: 'save' | 'check', body: EditorDocument): Promise<SaveAnswer> {
  const answer = await fetch(`${origin}/_editor/api/${path}`, {
    method: 'POST',
    headers: { origin, cookie: session.cookie, 'x-csrf-token': session.csrfToken, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: answer.status, body: (await answer.json()) as SaveAnswer['body'] }
}

/** Publishes `config` on top of `version`; throws unless it was published. Returns the new version's id. */
export async function publish(origin: string, session: EditorSession, document: EditorDocument): Promise<string> {
  const answer = await post(origin, session, 'save', document)
  if (answer.status !== 200 || !answer.body.version || answer.body.problems?.length)
    throw new Error(`the publish answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 1000)}`)
  return answer.body.version
}

/** The config with one route's fields changed. */
export function withRoute(config: SiteConfig, path: string, change: Partial<Route>): SiteConfig {
  return { ...config, routes: config.routes.map((route) => (route.path === path ? { ...route, ...change } : route)) }
}
