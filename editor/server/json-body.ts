import type Koa from 'koa'

const limitBytes = 20 * 1024 * 1024

/**
 * The request's JSON body. Written here because the project has no body parser (its form
 * endpoints take multipart through busboy) and this one dev-only API needs nothing more.
 */
export async function readJsonBody(ctx: Koa.Context): Promise<Record<string, unknown>> {
  if (!ctx.is('application/json')) ctx.throw(415, 'Send JSON (Content-Type: application/json).')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limitBytes) ctx.throw(413, 'The config sent is larger than 20 MB.')
    chunks.push(chunk)
  }
  const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  if (!body || typeof body !== 'object') ctx.throw(400, 'Send a JSON object.')
  return body as Record<string, unknown>
}
