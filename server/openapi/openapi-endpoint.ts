import { createHash } from 'node:crypto'
import type Router from '@koa/router'
import type { FormDefinition } from '../forms/form-definitions.ts'
import { buildOpenApiDocument } from './openapi-document.ts'

export const OPENAPI_PATH = '/api/openapi.json'

/**
 * GET (and HEAD) /api/openapi.json on the /api/ router: the OpenAPI 3.1 description of this site's
 * form API, built once from the forms it declares. It changes only with a new config, so a client
 * may keep it an hour and then revalidate it by its ETag.
 */
export function openApiRoutes(forms: Iterable<FormDefinition>): (router: Router) => void {
  const body = JSON.stringify(buildOpenApiDocument(forms))
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
  return (router) => {
    router.get(OPENAPI_PATH, (ctx) => {
      ctx.set('Cache-Control', 'public, max-age=3600')
      ctx.set('ETag', etag)
      ctx.type = 'application/json'
      ctx.status = 200
      if (ctx.fresh) {
        ctx.status = 304
        return
      }
      ctx.body = body
    })
  }
}
