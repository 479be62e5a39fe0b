/**
 * The production editor over HTTP, as its browser page uses it: the sign-in form (its hidden CSRF
 * field, the Origin header), the session's CSRF token, the document, and Save (which publishes).
 * Works against any origin: one server instance, or nginx in front of several. The requests
 * themselves are editor-api-client.ts's; this adds the document and publishing on top.
 */
import { editorClient, type EditorSession } from './editor-api-client.ts'

export type { EditorSession }

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

/** Signs `account` in at `origin` through the sign-in form; the session works on every instance sharing Redis. */
export const signIn = (origin: string, account: string, password: string): Promise<EditorSession> => editorClient(origin).signIn(account, password)

export async function loadDocument(origin: string, session: EditorSession): Promise<EditorDocument> {
  const answer = await editorClient(origin).read(session, '/_editor/api/document')
  if (answer.status !== 200) throw new Error(`GET /_editor/api/document answered ${answer.status}`)
  return (await answer.json()) as EditorDocument
}

/** A change the editor sends (Save publishes; check only checks), from the page of the instance it posts to. */
export async function post(origin: string, session: EditorSession, path: 'save' | 'check', body: EditorDocument): Promise<SaveAnswer> {
  const answer = await editorClient(origin).change(session, `/_editor/api/${path}`, body)
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
