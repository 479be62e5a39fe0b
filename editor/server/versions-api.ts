import type Koa from 'koa'
import { CheckNotDone } from './checker-thread.ts'
import { ConflictError } from './editor-document.ts'
import { EDITOR_API } from './editor-paths.ts'
import { answer, refuseMethod } from './json-answer.ts'
import { RollbackRefused, VersionNotFound, type PublishedVersions, type VersionMeta } from './published-versions.ts'

const BASE = `${EDITOR_API}versions`
/** A version's id as the store makes them: nothing a path or a header could be bent with. */
const VERSION_ID = '[A-Za-z0-9][A-Za-z0-9._-]{0,99}'
const ACTION = new RegExp(`^/(${VERSION_ID})/(rollback|config)$`)

export interface VersionsApiOptions {
  versions: PublishedVersions
  authorOf(ctx: Koa.Context): string
  /** Called once a rollback is published (the audit line). */
  onRollback?(ctx: Koa.Context, version: VersionMeta): void
}

/**
 * The published versions, for the editor's Versions screen (production only):
 *   GET  versions               → { versions: VersionMeta[] }, newest first
 *   POST versions/<id>/rollback → { version: VersionMeta } (the new version, republishing <id>'s text)
 *   GET  versions/<id>/config   → that version's config text, as the file site.config.json (<id> may be `current`)
 */
export function versionsApi({ versions, authorOf, onRollback }: VersionsApiOptions): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== BASE && !ctx.path.startsWith(`${BASE}/`)) return next()
    const rest = ctx.path.slice(BASE.length)
    if (rest === '' || rest === '/') {
      if (ctx.method !== 'GET') return refuseMethod(ctx, 'GET', 'versions')
      ctx.body = { versions: await versions.list() }
      return
    }
    const [, id = '', action] = ACTION.exec(rest) ?? []
    if (action === 'config') {
      if (ctx.method !== 'GET') return refuseMethod(ctx, 'GET', 'versions')
      const text = await versions.configText(id)
      if (text === undefined) return answer(ctx, 404, { message: `There is no version ${id} (only the last ones are kept).` })
      ctx.type = 'application/json; charset=utf-8'
      ctx.attachment('site.config.json')
      ctx.body = text
      return
    }
    if (action === 'rollback' && id !== 'current') {
      if (ctx.method !== 'POST') return refuseMethod(ctx, 'POST', 'versions')
      try {
        const version = await versions.rollback(id, authorOf(ctx))
        onRollback?.(ctx, version)
        return answer(ctx, 200, { version })
      } catch (error) {
        if (error instanceof VersionNotFound) return answer(ctx, 404, { message: error.message })
        if (error instanceof RollbackRefused) return answer(ctx, 422, { message: error.message, problems: error.problems })
        if (error instanceof ConflictError) return answer(ctx, 409, { conflict: true, message: error.message, ...(error.current ? { current: error.current } : {}) })
        if (error instanceof CheckNotDone) return answer(ctx, error.status, { message: error.message })
        throw error
      }
    }
    return answer(ctx, 404, { message: `There is no versions API at this address; it answers ${BASE}, ${BASE}/<id>/rollback and ${BASE}/<id>/config.` })
  }
}
