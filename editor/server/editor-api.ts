import type Koa from 'koa'
import { addServicePage, ScaffoldRefusal } from '../../authoring/scaffold/add-page.ts'
import { availablePartners, unusableLogoFiles } from '../../authoring/scaffold/partners.ts'
import type { PageSections } from '../../authoring/scaffold/page-sections.ts'
import { PAGE_TEMPLATES, type PageTemplate } from '../../authoring/scaffold/page-templates.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { ConflictError, type EditorDocument } from './editor-document.ts'
import { EDITOR_API } from './editor-paths.ts'
import { listImages } from './image-files.ts'
import { watchPublish, publishWatcher } from '../../publish/publish-progress.ts'
import { answer, exposedAnswer, refuseMethod } from './json-answer.ts'
import { readJsonBody } from './json-body.ts'
import { mediaApi } from './media/media-api.ts'
import { developerSettingsRefusal } from './developer-settings-check.ts'
import { answerWithProgress, wantsProgress } from './progress-answer.ts'
import { SAVING, savedAnswer } from './saved-answer.ts'
import type { PictureFolder } from './media/picture-folder.ts'

/** The one GET of the API: the config as the editor loads it. */
const DOCUMENT_API = 'document'

/** 'file': Save writes the config file (`npm run dev`); 'publish': Save publishes a new version (the production server). */
export type EditorMode = 'file' | 'publish'

export interface EditorApiOptions {
  document: EditorDocument
  pictures: PictureFolder
  mode: EditorMode
  /** Who a save is by: the signed-in account on a production server; nobody under `npm run dev`. */
  authorOf(ctx: Koa.Context): string | undefined
  /** Called once a save went through (the production server's audit line of a publish). */
  onSaved?(ctx: Koa.Context, version: string): void
}

type ApiAction = (body: Record<string, unknown>, ctx: Koa.Context) => Promise<{ status?: number; body: unknown }>

interface DraftRequest {
  version: string
  config: unknown
}

/**
 * The editor's JSON API under /_editor/api/, written once for both documents (the config file
 * under `npm run dev`, the published version on a production server):
 *   GET  document  → the config, its version and label, the mode, the pictures and partner logos
 *   POST check     { version, config } → { problems, problemCount }
 *   POST save      { version, config } → { version, problems, problemCount } | 422 (problems) | 409 (conflict);
 *                  with `Accept: application/x-ndjson`, the publish's steps as they happen, then that
 *                  answer as a last line { status, body } (progress-answer.ts)
 *   POST new-page  { version, config, path, title, template, menu, partners, cards, reasons, callToAction } → { config, notes }
 *   media/…        the media library (media/media-api.ts)
 * `problems` lists the first SHOWN_PROBLEMS, `problemCount` counts them all. The check itself runs
 * in the checker's thread within its time limit (checker-thread.ts); a check not done is answered
 * 422 (the draft took too long) or 503 (too many checks waiting), in words, with nothing changed.
 * Who may reach it, and from where, is the mount's decision (editor-middleware.ts, production-editor.ts).
 */
export function editorApi({ document, pictures, mode, authorOf, onSaved }: EditorApiOptions): Koa.Middleware {
  const mediaBase = `${EDITOR_API}media`
  const media = mediaApi({
    base: mediaBase,
    pictures,
    saved: async () => {
      const { label, config } = await document.load()
      return { label, config, published: mode === 'publish' }
    },
  })
  // A Map, not an object: only the names declared here are actions, never a name an object
  // inherits (`constructor`, `__proto__`, `toString`, ...), which a request could otherwise call.
  const api = new Map<string, ApiAction>(
    Object.entries({
      check: async (body, ctx) => {
        const { version, config } = draftOf(body, ctx)
        const { problems, problemCount } = await document.check(version, config)
        return { body: { problems, problemCount } }
      },
      save: async (body, ctx) => {
        const { version, config } = draftOf(body, ctx)
        const refusal = await developerSettingsRefusal(document, ctx, version, config)
        if (refusal) return refusal
        publishWatcher()({ step: 'checking' })
        const saved = await document.save(version, config, authorOf(ctx))
        return savedAnswer(saved, SAVING[mode], () => onSaved?.(ctx, saved.version))
      },
      'new-page': async (body, ctx) => {
        const draft = { ...draftOf(body, ctx), ...newPageFields(body, ctx) }
        const { text } = await document.check(draft.version, draft.config)
        const partners = partnerList(draft.partners)
        try {
          const added = addServicePage(
            text,
            { path: draft.path, title: draft.title, template: draft.template, menu: draft.menu || undefined, ...(partners ? { partners } : {}), sections: draft.sections },
            pictures.publicDir,
          )
          return { body: { config: JSON.parse(added.text), notes: added.notes } }
        } catch (error) {
          if (!(error instanceof ScaffoldRefusal)) throw error
          // The scaffold's own words; the editor shows them on the field they are about.
          return { status: 400, body: { field: refusalField(error.message), message: error.message } }
        }
      },
    } satisfies Record<string, ApiAction>),
  )

  return async (ctx, next) => {
    if (!ctx.path.startsWith(EDITOR_API)) return next()
    if (ctx.path === mediaBase || ctx.path.startsWith(`${mediaBase}/`)) return media(ctx, next)
    const name = ctx.path.slice(EDITOR_API.length)
    if (name === DOCUMENT_API) {
      if (ctx.method !== 'GET') return refuseMethod(ctx, 'GET', 'editor')
      const loaded = await document.load()
      ctx.body = {
        ...loaded,
        mode,
        images: listImages(pictures.publicDir),
        partners: availablePartners((loaded.config as SiteConfig).routes, pictures.publicDir).map((partner) => partner.name),
        unusablePartnerFiles: unusableLogoFiles(pictures.publicDir),
      }
      return
    }
    const action = api.get(name)
    if (!action) return answer(ctx, 404, { message: `There is no editor API at this address; the editor's API is ${[DOCUMENT_API, ...api.keys()].join(', ')}.` })
    if (ctx.method !== 'POST') return refuseMethod(ctx, 'POST', 'editor')
    try {
      const body = await readJsonBody(ctx)
      // Asked for (the editor's Publish): the steps as they happen, then the same outcome as a line.
      if (wantsProgress(ctx)) return answerWithProgress(ctx, (report) => watchPublish(report, async () => ({ status: 200, ...(await action(body, ctx)) })), knownAnswer)
      const result = await action(body, ctx)
      answer(ctx, result.status ?? 200, result.body)
    } catch (error) {
      const known = knownAnswer(error)
      if (!known) throw error
      answer(ctx, known.status, known.body)
    }
  }
}

/**
 * The answer to an error whose words are for the editor: a conflict (409), the body reader's
 * refusals (415, 413, 400), a check not done (422 too long, 503 busy), a publish refused for a full
 * disk (507). Undefined for the server's own errors.
 */
export function knownAnswer(error: unknown): { status: number; body: unknown } | undefined {
  if (error instanceof ConflictError) return { status: 409, body: { conflict: true, message: error.message, ...(error.current ? { current: error.current } : {}) } }
  return exposedAnswer(error)
}

/**
 * The version and config a request about a draft carries. Anything else is the sender's mistake,
 * answered 400: read as they came, a number for a version or a missing config failed deep in the
 * check as the server's own (500).
 */
function draftOf(body: Record<string, unknown>, ctx: Koa.Context): DraftRequest {
  if (typeof body.version !== 'string') ctx.throw(400, 'Send the version the editor loaded as version (a text).')
  if (!body.config || typeof body.config !== 'object' || Array.isArray(body.config)) ctx.throw(400, 'Send the config as config (a JSON object).')
  return { version: body.version, config: body.config }
}

/** The New page form's fields, each of the type the scaffold reads (partners: see partnerList). */
function newPageFields(
  body: Record<string, unknown>,
  ctx: Koa.Context,
): { path: string; title: string; template: PageTemplate; menu?: string; partners?: unknown; sections: Partial<PageSections> } {
  const { path, title, template = 'service', menu, partners, cards, reasons, callToAction } = body
  if (typeof path !== 'string' || typeof title !== 'string') ctx.throw(400, 'Send the new page’s path and title as texts.')
  if (!PAGE_TEMPLATES.includes(template as PageTemplate)) ctx.throw(400, `The template is one of ${PAGE_TEMPLATES.join(', ')}.`)
  if (menu !== undefined && typeof menu !== 'string') ctx.throw(400, 'Send the menu as a text (its label), or leave it out.')
  if (callToAction !== undefined && typeof callToAction !== 'boolean') ctx.throw(400, 'Send callToAction as true or false, or leave it out.')
  // The counts go to the scaffold as sent: it refuses one it cannot make, in its own words (page-sections.ts).
  const sections = Object.fromEntries(Object.entries({ cards, reasons, callToAction }).filter(([, value]) => value !== undefined))
  return { path, title, template: template as PageTemplate, ...(menu ? { menu } : {}), partners, sections }
}

/** The partners a request names: a list (a name may hold a comma), or a comma-separated text as the command line takes them. */
function partnerList(partners: unknown): string | string[] | undefined {
  if (Array.isArray(partners)) return partners.filter((name): name is string => typeof name === 'string')
  return typeof partners === 'string' && partners ? partners : undefined
}

/** Which field of the New page form a refusal of the scaffold is about (see addServicePage). */
function refusalField(message: string): 'path' | 'title' | 'menu' | 'partners' | 'cards' | 'reasons' | 'form' {
  if (message.startsWith('The --title')) return 'title'
  if (message.startsWith('The number of cards')) return 'cards'
  if (message.startsWith('The number of reasons')) return 'reasons'
  if (message.startsWith('There is no partner logo')) return 'partners'
  if (message.startsWith('There is no menu')) return 'menu'
  if (message.startsWith('"') || message.includes(' already exists: ')) return 'path'
  return 'form'
}
