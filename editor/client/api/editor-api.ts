import type { SiteConfig } from '../../../site/generated/site-config'
import type { EditorProblem } from '../../server/editor-document'
import type { EditorMode } from '../../server/editor-api'
import { PROGRESS_TYPE, type ProgressLine } from '../../server/progress-lines'
import type { PublishStep } from '../../../publish/publish-progress'
import type { DeployedSite, VersionMeta } from '../../server/published-versions'
import { editorFetch } from './session'

export type { EditorMode, EditorProblem, PublishStep, VersionMeta }

export interface LoadedDocument {
  version: string
  config: SiteConfig
  /** The file's name as the checker prints it. */
  label: string
  /** 'file': Save writes the config file (`npm run dev`); 'publish': Save publishes a new version of the site. */
  mode: EditorMode
  /** Pictures under public/images/, as site paths. */
  images: string[]
  /** The partner names `npm run new-page -- --partners` takes (logos under public/images/partners/), each once. */
  partners: string[]
  /** Picture files in public/images/partners/ that are not offered, each with why (a space in the name…). */
  unusablePartnerFiles: { file: string; reason: string }[]
}

export async function post<T>(action: string, body: unknown): Promise<{ status: number; body: T }> {
  return answerOf<T>(await editorFetch(`/_editor/api/${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }))
}

export async function answerOf<T>(response: Response): Promise<{ status: number; body: T }> {
  const text = await response.text()
  try {
    return { status: response.status, body: JSON.parse(text) as T }
  } catch {
    // Not the API's JSON (a proxy's or a crashed server's page): its words, as a message.
    return { status: response.status, body: { message: text.slice(0, 300) || response.statusText } as T }
  }
}

export async function loadDocument(): Promise<LoadedDocument> {
  const response = await editorFetch('/_editor/api/document')
  if (!response.ok) throw new Error(`Loading the config failed: ${response.status} ${await response.text()}`)
  return (await response.json()) as LoadedDocument
}

export const checkDraft = (version: string, config: SiteConfig) => post<{ problems: EditorProblem[]; conflict?: true; message?: string }>('check', { version, config })

/** A 409 on a production server carries the version published meanwhile (`current`). */
export type SaveAnswer = { version: string; problems: EditorProblem[]; message?: string; conflict?: true; current?: VersionMeta }

/**
 * Saves (publishes, on a production server), with `onStep` told each step as the server takes it:
 * the answer comes as NDJSON lines (editor/server/progress-answer.ts), the steps and then the
 * outcome, which is answered as a JSON answer would be. A refusal before the work began (a sign-in
 * that ended, a body too large) comes as plain JSON, read as such.
 */
export const saveDraft = (version: string, config: SiteConfig, onStep: (step: PublishStep) => void = () => undefined) =>
  postWithProgress('/_editor/api/save', { version, config }, onStep)

/** A save or publish whose answer comes as progress lines, then its outcome (see saveDraft). */
export async function postWithProgress(address: string, body: unknown, onStep: (step: PublishStep) => void): Promise<{ status: number; body: SaveAnswer }> {
  const response = await editorFetch(address, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: `${PROGRESS_TYPE}, application/json` },
    body: JSON.stringify(body),
  })
  if (!response.headers.get('content-type')?.startsWith(PROGRESS_TYPE) || !response.body) return answerOf<SaveAnswer>(response)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let pending = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    const lines = (pending + value).split('\n')
    pending = lines.pop()!
    for (const line of lines.filter(Boolean)) {
      const parsed = JSON.parse(line) as ProgressLine
      if ('status' in parsed) return parsed as { status: number; body: SaveAnswer }
      onStep(parsed)
    }
  }
  return { status: 0, body: { message: 'the answer stopped before the outcome' } as SaveAnswer }
}

export interface NewPageFields {
  path: string
  title: string
  template: 'service' | 'text' | 'empty'
  menu: string
  /** Service pages: the logos of the partner strip, by name; none, no strip. */
  partners: string[]
  /** Service pages: how many cards and reasons to write (0, none), and whether a call to action closes the page. */
  cards: number
  reasons: number
  callToAction: boolean
}
/** What the new-page request refused, on one field of the form or on the whole form. */
export type NewPageRefusal = { field: keyof NewPageFields | 'form'; message: string }
export type NewPageAnswer = { config: SiteConfig; notes: string[] } | NewPageRefusal | { conflict?: true; message: string }
/** The partners go as a list: a partner's name may hold a comma ("Acme, Inc."). */
export const addPage = (version: string, config: SiteConfig, fields: NewPageFields) => post<NewPageAnswer>('new-page', { version, config, ...fields })

/** The published versions, newest first, and the site as deployed (production only). */
export async function loadVersions(): Promise<{ versions: VersionMeta[]; deployed: DeployedSite }> {
  const response = await editorFetch('/_editor/api/versions')
  if (!response.ok) throw new Error(`Loading the versions failed (${response.status}).`)
  return (await response.json()) as { versions: VersionMeta[]; deployed: DeployedSite }
}

export const rollBack = (id: string) => post<{ version?: VersionMeta; message?: string; problems?: string[] }>(`versions/${encodeURIComponent(id)}/rollback`, {})

/** Where a version's config downloads from, as site.config.json. */
export const versionConfigAddress = (id: string) => `/_editor/api/versions/${encodeURIComponent(id)}/config`
