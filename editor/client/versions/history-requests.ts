import type { PageHistory, VersionChanges, VersionMeta } from '../../server/published-versions'
import { editorFetch } from '../api/session'

const VERSIONS = '/_editor/api/versions'

/** The answer's JSON, or an error in the server's words (a proxy's page: its first words). */
async function read<T>(response: Response, what: string): Promise<T> {
  const text = await response.text()
  let body: { message?: string } | undefined
  try {
    body = JSON.parse(text) as { message?: string }
  } catch {
    body = undefined
  }
  if (!response.ok) throw new Error(body?.message ?? `Loading ${what} failed (${response.status}).`)
  return body as T
}

/** The versions that changed the page now at `path`, newest first, and the page as deployed. */
export const loadPageHistory = async (path: string) => read<PageHistory>(await editorFetch(`${VERSIONS}/history?page=${encodeURIComponent(path)}`), 'the page’s history')

/** What one version changed, value by value. */
export const loadVersionChanges = async (id: string) =>
  read<{ version: VersionMeta; changes: VersionChanges }>(await editorFetch(`${VERSIONS}/${encodeURIComponent(id)}/changes`), 'what the version changed')

export interface RestoreRequest {
  /** The version (or `deployed`) whose page is put back. */
  from: string
  /** The page's address in it. */
  page: string
  /** The same page's address now, when there is one. */
  into?: string
  /** The version current when the history was read. */
  base: string | null
}

export type RestoreAnswer = { status: number; body: { version?: VersionMeta; message?: string; problems?: string[] } }

/** Publishes the page as it is in `from`, every other page as it is now. */
export async function restorePage({ from, ...body }: RestoreRequest): Promise<RestoreAnswer> {
  const response = await editorFetch(`${VERSIONS}/${encodeURIComponent(from)}/restore-page`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  try {
    return { status: response.status, body: JSON.parse(text) as RestoreAnswer['body'] }
  } catch {
    return { status: response.status, body: { message: text.slice(0, 300) || response.statusText } }
  }
}
