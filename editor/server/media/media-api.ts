import Koa from 'koa'
import { readJsonBody } from '../json-body.ts'
import { deleteImage, listLibrary, storeUpload, type SavedConfig } from './media-library.ts'
import { MediaRefusal } from './media-refusal.ts'
import type { PictureFolder } from './picture-folder.ts'
import { PICTURE_KINDS, type PictureKind } from './picture-kinds.ts'
import { readUpload } from './upload-body.ts'
import { answer, refuseMethod } from '../json-answer.ts'

export interface MediaApiOptions {
  /** The address it answers under, e.g. /_editor/api/media. */
  base: string
  /** The site's pictures (in its public folder's images/), and where changes to them go. */
  pictures: PictureFolder
  /** The config the site is built from, as saved (or published): a picture it uses is never deleted. */
  saved(): Promise<SavedConfig>
}

/**
 * The media library's HTTP side, under `base`:
 *   GET  base          → { folders, images }: every picture with its file and pixel size
 *   POST base/upload?folder=…&kind=logo|picture&name=…  (the file as the body) → 201 { image, notes }
 *   POST base/delete   { src, config } (config: the unsaved one) → 200 { deleted }
 * Every refusal is a 4xx with a `message` for the author. Who may reach it is the mount's
 * decision (the dev editor: this machine only; the production one: a signed-in session with its
 * CSRF token); what it adds itself is that a change must come from a page of this very address:
 * a POST without an Origin, or with another one, is refused, so no other web page the author has
 * open can upload or delete through their browser.
 */
export function mediaApi({ base, pictures, saved }: MediaApiOptions): Koa.Middleware {
  const actions = new Map<string, (ctx: Koa.Context) => Promise<{ status?: number; body: unknown }>>([
    [
      '/upload',
      async (ctx) => {
        const kind = String(ctx.query.kind ?? 'picture')
        if (!isPictureKind(kind)) throw new MediaRefusal(400, `kind must be one of ${PICTURE_KINDS.join(', ')}.`)
        const stored = await storeUpload(pictures, { folder: String(ctx.query.folder ?? ''), name: String(ctx.query.name ?? ''), kind, bytes: await readUpload(ctx) })
        return { status: 201, body: stored }
      },
    ],
    [
      '/delete',
      async (ctx) => {
        const { src, config } = await readJsonBody(ctx)
        if (typeof src !== 'string' || !config || typeof config !== 'object')
          throw new MediaRefusal(400, 'Send the picture to delete as src, and the unsaved config as config (its uses are checked).')
        await deleteImage(pictures, src, config, await saved())
        return { body: { deleted: src } }
      },
    ],
  ])

  return async (ctx, next) => {
    if (ctx.path !== base && !ctx.path.startsWith(`${base}/`)) return next()
    const rest = ctx.path.slice(base.length)
    const action = actions.get(rest)
    try {
      if (rest === '' || rest === '/') {
        if (ctx.method !== 'GET') return refuseMethod(ctx, 'GET', 'media')
        ctx.body = await listLibrary(pictures.publicDir)
        return
      }
      if (!action)
        return answer(ctx, 404, { message: `There is no media API at this address; it answers ${base}, ${[...actions.keys()].map((name) => base + name).join(' and ')}.` })
      if (ctx.method !== 'POST') return refuseMethod(ctx, 'POST', 'media')
      if (ctx.get('origin') !== `${ctx.protocol}://${ctx.get('host')}`) {
        return answer(ctx, 403, { message: 'Uploads and deletes are taken only from the editor’s own page (the request’s Origin must be this address).' })
      }
      const result = await action(ctx)
      answer(ctx, result.status ?? 200, result.body)
    } catch (error) {
      if (error instanceof MediaRefusal) return answer(ctx, error.status, { message: error.message })
      // The body readers' own refusals (415, 413, 400): the request's fault, said as such.
      if (error instanceof Koa.HttpError && error.status < 500) return answer(ctx, error.status, { message: error.message })
      throw error
    }
  }
}

const isPictureKind = (name: string): name is PictureKind => (PICTURE_KINDS as readonly string[]).includes(name)
