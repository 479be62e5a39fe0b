import type Koa from 'koa'
import { wellFormedAddress } from '../../authoring/check/site-addresses.ts'
import { ConflictError } from './editor-document.ts'
import { EDITOR_API } from './editor-paths.ts'
import { answer, answerExposed, refuseMethod } from './json-answer.ts'
import { readJsonBody } from './json-body.ts'
import { RestoreRefused, RollbackRefused, VersionNotFound, type PublishedVersions, type VersionMeta } from './published-versions.ts'

const BASE = `${EDITOR_API}versions`
/** A version's id as the store makes them: nothing a path or a header could be bent with. */
const VERSION_ID = '[A-Za-z0-9][A-Za-z0-9._-]{0,99}'
const ACTION = new RegExp(`^/(${VERSION_ID})/(rollback|config|changes|restore-page)$`)
const HISTORY = '/history'
/** Far longer than any page's address: a longer text names no page, and is refused before it is matched. */
const ADDRESS_LENGTH = 300

export interface VersionsApiOptions {
  versions: PublishedVersions
  authorOf(ctx: Koa.Context): string
  /** Called once a rollback is published (the audit line). */
  onRollback?(ctx: Koa.Context, version: VersionMeta): void
  /** Called once a page restore is published (the audit line). */
  onRestorePage?(ctx: Koa.Context, version: VersionMeta): void
}

/** A page's address as the schema allows it: anything else names no page, and is refused before any version is read. */
const isPageAddress = (page: unknown): page is string => typeof page === 'string' && page.length <= ADDRESS_LENGTH && wellFormedAddress.test(page)
const PAGE_WORDS = 'Name the page by its address, as its settings show it (/about).'

/** The address a request names as `page`, or a 400 in words. */
function pageOf(ctx: Koa.Context, page: unknown): string {
  if (!isPageAddress(page)) ctx.throw(400, PAGE_WORDS)
  return page
}

/** Answers a refused rollback or restore in words (true), or leaves an error that is the server's own (false). */
function answerRefusal(ctx: Koa.Context, error: unknown): boolean {
  if (error instanceof VersionNotFound) answer(ctx, 404, { message: error.message })
  else if (error instanceof RollbackRefused || error instanceof RestoreRefused) answer(ctx, 422, { message: error.message, problems: error.problems })
  else if (error instanceof ConflictError) answer(ctx, 409, { conflict: true, message: error.message, ...(error.current ? { current: error.current } : {}) })
  else return answerExposed(ctx, error)
  return true
}

/**
 * The published versions, for the editor's Versions screen and a page's History (production only):
 *   GET  versions                    → { versions: VersionMeta[] (newest first), deployed: { id: 'deployed', builtAt } }
 *   GET  versions/history?page=/x    → the versions that changed the page at /x, with its old and new values (PageHistory)
 *   GET  versions/<id>/changes       → { version, changes }: what <id> changed, value by value
 *   POST versions/<id>/rollback      → { version: VersionMeta } (the new version, republishing <id>'s text)
 *   POST versions/<id>/restore-page  { page, into?, base } → { version }: the page at <page> in <id> put back (over the page now at <into>), every other page as now, on top of <base>
 *   GET  versions/<id>/config        → that version's config text, as the file site.config.json (<id> may be `current`)
 * <id> may be `deployed` everywhere but `changes`: the site as the code build made it.
 */
export function versionsApi({ versions, authorOf, onRollback, onRestorePage }: VersionsApiOptions): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== BASE && !ctx.path.startsWith(`${BASE}/`)) return next()
    const rest = ctx.path.slice(BASE.length)
    if (rest === '' || rest === '/') {
      if (ctx.method !== 'GET') return refuseMethod(ctx, 'GET', 'versions')
      ctx.body = { versions: await versions.list(), deployed: versions.deployed() }
      return
    }
    if (rest === HISTORY) {
      if (ctx.method !== 'GET') return refuseMethod(ctx, 'GET', 'versions')
      const page = ctx.query.page
      if (!isPageAddress(page)) return answer(ctx, 400, { message: PAGE_WORDS })
      ctx.body = await versions.pageHistory(page)
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
    if (action === 'changes') {
      if (ctx.method !== 'GET') return refuseMethod(ctx, 'GET', 'versions')
      const found = await versions.changes(id)
      if (!found) return answer(ctx, 404, { message: `There is no version ${id} (only the last ones are kept).` })
      ctx.body = found
      return
    }
    if (action === 'rollback' && id !== 'current') {
      if (ctx.method !== 'POST') return refuseMethod(ctx, 'POST', 'versions')
      try {
        const version = await versions.rollback(id, authorOf(ctx))
        onRollback?.(ctx, version)
        return answer(ctx, 200, { version })
      } catch (error) {
        if (answerRefusal(ctx, error)) return
        throw error
      }
    }
    if (action === 'restore-page' && id !== 'current') {
      if (ctx.method !== 'POST') return refuseMethod(ctx, 'POST', 'versions')
      try {
        const body = await readJsonBody(ctx)
        const { base } = body
        if (base !== null && typeof base !== 'string') return answer(ctx, 400, { message: 'Send the version the history was read on as base (null before the first publish).' })
        const into = body.into === undefined ? {} : { into: pageOf(ctx, body.into) }
        const version = await versions.restorePage({ id, page: pageOf(ctx, body.page), ...into, base, author: authorOf(ctx) })
        onRestorePage?.(ctx, version)
        return answer(ctx, 200, { version })
      } catch (error) {
        if (answerRefusal(ctx, error)) return
        throw error
      }
    }
    return answer(ctx, 404, {
      message: `There is no versions API at this address; it answers ${BASE}, ${BASE}${HISTORY}?page=<address> and ${BASE}/<id>/ followed by rollback, restore-page, changes or config.`,
    })
  }
}
