import type Koa from 'koa'

const limitBytes = 20 * 1024 * 1024

/**
 * The request's JSON body. Written here because the project has no body parser (its form
 * endpoints take multipart through busboy) and this one dev-only API needs nothing more.
 * Every refusal is an HTTP error the editor's middleware answers as it is (4xx, JSON).
 */
export async function readJsonBody(ctx: Koa.Context): Promise<Record<string, unknown>> {
  if (!ctx.is('application/json')) ctx.throw(415, 'Send JSON (Content-Type: application/json).')
  const tooLarge = () => ctx.throw(413, 'The config sent is larger than 20 MB.')
  // A declared length over the limit is refused before a byte of it is read.
  if (Number(ctx.get('content-length')) > limitBytes) tooLarge()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limitBytes) tooLarge()
    chunks.push(chunk)
  }
  let body: unknown
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    ctx.throw(400, 'The body is not valid JSON.')
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) ctx.throw(400, 'Send a JSON object.')
  return body as Record<string, unknown>
}
