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

/** An error that carries its own answer, in the http-errors convention Koa follows: a status, and `expose` when its message is for the person. */
interface ExposedError {
  status: number
  expose: true
  message: string
}

const isExposed = (error: unknown): error is ExposedError =>
  error instanceof Error && (error as Partial<ExposedError>).expose === true && typeof (error as Partial<ExposedError>).status === 'number'

/**
 * Answers an error whose words are meant for the person with its own status and words (a body the
 * editor could not read, 400; a disk too full to publish on, 507): true when it did. Any other error
 * is the server's own, left to the error boundary (a 500 and a log line, its words never shown).
 */
export function answerExposed(ctx: Koa.Context, error: unknown): boolean {
  const exposed = exposedAnswer(error)
  if (exposed) answer(ctx, exposed.status, exposed.body)
  return exposed !== undefined
}

/** The status and body answerExposed gives an error, for an answer already under way; undefined for the server's own errors. */
export function exposedAnswer(error: unknown): { status: number; body: { message: string } } | undefined {
  return isExposed(error) ? { status: error.status, body: { message: error.message } } : undefined
}
