import fs from 'node:fs'
import path from 'node:path'
import Koa from 'koa'
import type { ViteDevServer } from 'vite'
import { addServicePage, ScaffoldRefusal } from '../../authoring/scaffold/add-page.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { availablePartners, unusableLogoFiles } from '../../authoring/scaffold/partners.ts'
import type { PageTemplate } from '../../authoring/scaffold/page-templates.ts'
import { configDocument, ConflictError, type EditedFile } from './config-document.ts'
import { listImages } from './image-files.ts'
import { isLocalRequest } from './local-only.ts'
import { readJsonBody } from './json-body.ts'
import { mediaApi } from './media/media-api.ts'
import { answer, refuseMethod } from './json-answer.ts'

const editorDir = path.resolve(import.meta.dirname, '..')
/** The editor's address on the dev server; its pages and API live under it. */
export const editorBase = '/_editor'

const apiBase = `${editorBase}/api/`
/** The one GET of the API: the config file as the editor loads it. */
const DOCUMENT_API = 'document'

type ApiAction = (body: Record<string, unknown>) => { status?: number; body: unknown }

interface DraftRequest {
  version: string
  config: unknown
}

/**
 * The visual editor for `npm run dev` (mounted through its plugin, dev-plugin.ts; the production server never does):
 * its two pages (the editor, and the preview the editor shows in a frame) and the JSON API that
 * loads, checks and saves the config file. Answers only requests from this machine.
 */
export function editorMiddleware(edited: EditedFile, vite: ViteDevServer): Koa.Middleware {
  const document = configDocument(edited)
  const mediaBase = `${apiBase}media`
  const media = mediaApi({ base: mediaBase, publicDir: edited.publicDir, saved: { label: edited.label, read: () => JSON.parse(fs.readFileSync(edited.file, 'utf8')) } })
  const pages = new Map([
    [editorBase, 'index.html'],
    [`${editorBase}/preview`, 'preview/index.html'],
  ])

  // A Map, not an object: only the names declared here are actions, never a name an object
  // inherits (`constructor`, `__proto__`, `toString`, ...), which a request could otherwise call.
  const api = new Map<string, ApiAction>(
    Object.entries({
      check: ({ version, config }) => ({ body: { problems: document.check(version as string, config).problems } }),
      save: ({ version, config }) => {
        const saved = document.save(version as string, config)
        if (saved.problems.length === 0) return { body: saved }
        const count = saved.problems.length === 1 ? 'a problem' : `${saved.problems.length} problems`
        return { status: 422, body: { ...saved, message: `Not saved: the page has ${count} (listed below, and marked on their fields). Fix them, then save again.` } }
      },
      'new-page': (body) => {
        const draft = body as unknown as DraftRequest & { path: string; title: string; template: PageTemplate; menu?: string; partners?: unknown }
        const text = document.check(draft.version, draft.config).text
        const partners = partnerList(draft.partners)
        try {
          const added = addServicePage(
            text,
            { path: draft.path, title: draft.title, template: draft.template, menu: draft.menu || undefined, ...(partners ? { partners } : {}) },
            edited.publicDir,
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
    if (ctx.path !== editorBase && !ctx.path.startsWith(`${editorBase}/`)) return next()
    if (!isLocalRequest(ctx)) {
      ctx.status = 403
      ctx.body = 'The editor answers only on this machine: open it at http://localhost with the dev server’s port.'
      return
    }
    ctx.set('Cache-Control', 'no-store')
    const page = pages.get(ctx.path.replace(/\/$/, '') || ctx.path)
    if (page && ctx.method === 'GET') {
      const html = fs.readFileSync(path.join(editorDir, page), 'utf8')
      ctx.type = 'html'
      ctx.state.developmentPage = true // Vite's dev page: inline scripts, no hashed policy (server/security-headers.ts)
      ctx.body = await vite.transformIndexHtml(ctx.url, html)
      return
    }
    if (!ctx.path.startsWith(apiBase)) return next()
    if (ctx.path === mediaBase || ctx.path.startsWith(`${mediaBase}/`)) return media(ctx, next)
    const name = ctx.path.slice(apiBase.length)
    if (name === DOCUMENT_API) {
      if (ctx.method !== 'GET') return refuseMethod(ctx, 'GET', 'editor')
      const loaded = document.load()
      ctx.body = {
        ...loaded,
        images: listImages(edited.publicDir),
        partners: availablePartners((loaded.config as SiteConfig).routes, edited.publicDir).map((partner) => partner.name),
        unusablePartnerFiles: unusableLogoFiles(edited.publicDir),
      }
      return
    }
    const action = api.get(name)
    if (!action) return answer(ctx, 404, { message: `There is no editor API at this address; the editor's API is ${[DOCUMENT_API, ...api.keys()].join(', ')}.` })
    if (ctx.method !== 'POST') return refuseMethod(ctx, 'POST', 'editor')
    try {
      const result = action(await readJsonBody(ctx))
      answer(ctx, result.status ?? 200, result.body)
    } catch (error) {
      if (error instanceof ConflictError) return answer(ctx, 409, { conflict: true, message: error.message })
      // The body reader's own refusals (415, 413, 400): the request's fault, said as such, not a 500.
      if (error instanceof Koa.HttpError && error.status < 500) return answer(ctx, error.status, { message: error.message })
      throw error
    }
  }
}

/** The partners a request names: a list (a name may hold a comma), or a comma-separated text as the command line takes them. */
function partnerList(partners: unknown): string | string[] | undefined {
  if (Array.isArray(partners)) return partners.filter((name): name is string => typeof name === 'string')
  return typeof partners === 'string' && partners ? partners : undefined
}

/** Which field of the New page form a refusal of the scaffold is about (see addServicePage). */
function refusalField(message: string): 'path' | 'title' | 'menu' | 'partners' | 'form' {
  if (message.startsWith('The --title')) return 'title'
  if (message.startsWith('There is no partner logo')) return 'partners'
  if (message.startsWith('There is no menu')) return 'menu'
  if (message.startsWith('"') || message.includes(' already exists: ')) return 'path'
  return 'form'
}
