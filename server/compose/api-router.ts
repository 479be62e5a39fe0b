import Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import { answers, type FormAnswer } from '../forms/answers.ts'

/** A part of the API that adds its routes to the /api/ router: the forms, the OpenAPI description. */
export type ApiRoutes = (router: Router) => void

const API_PREFIX = '/api/'

function respond(ctx: Context, answer: FormAnswer): void {
  ctx.status = answer.status
  ctx.body = answer.body
  ctx.set('Cache-Control', 'no-store')
  for (const [name, value] of Object.entries(answer.headers ?? {})) ctx.set(name, value)
}

/**
 * Everything under /api/, one @koa/router the app owns and each part mounts its routes into. What
 * no route answers is answered here, in the API's JSON shape: a known address asked with another
 * method is 405 with the methods it takes in Allow, OPTIONS is 204 with Allow, any other address
 * under /api/ is 404 (it never falls through to the pages).
 */
export function apiRouter(parts: ApiRoutes[], formPaths: string[]): Middleware {
  const router = new Router()
  for (const mount of parts) mount(router)
  // @koa/router types its middleware for the context it adds to at run time (params, router):
  // called from a plain Koa middleware, that is the same object.
  const routes = router.routes() as unknown as Middleware
  const allowedMethods = router.allowedMethods() as unknown as Middleware
  const nothingAfter = async () => {}

  return async (ctx, next) => {
    if (!ctx.path.startsWith(API_PREFIX)) return next()
    await routes(ctx, () => allowedMethods(ctx, nothingAfter))
    // 501 is the router's answer to a method it knows no route for at all (PROPFIND): to the visitor, also a wrong method.
    const allowed = ctx.status === 405 || ctx.status === 501 ? ctx.response.get('Allow') : ''
    if (allowed) return respond(ctx, answers.methodNotAllowed(allowed.split(', ')))
    if ((ctx.status === 404 || ctx.status === 501) && ctx.body == null) return respond(ctx, answers.unknownEndpoint(formPaths))
    // @koa/router answers OPTIONS with 200 and an empty body; "No Content" says it better.
    if (ctx.method === 'OPTIONS' && ctx.status === 200 && !ctx.body) ctx.status = 204
  }
}
