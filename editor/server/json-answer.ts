import type Koa from 'koa'

/** A JSON answer of the editor's APIs. */
export function answer(ctx: Koa.Context, status: number, body: unknown): void {
  ctx.status = status
  ctx.body = body
}

/** 405 with the method the address takes, named in `Allow` and in words (`api`: "editor", "media"). */
export function refuseMethod(ctx: Koa.Context, allowed: 'GET' | 'POST', api: string): void {
  ctx.set('Allow', allowed)
  answer(ctx, 405, { message: `This ${api} API takes ${allowed} only.` })
}
