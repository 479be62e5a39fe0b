import type Koa from 'koa'

/** The largest file the library takes: far above any picture a page needs, well below what a slip of the hand can send (a video). */
export const maxUploadBytes = 10 * 1024 * 1024

const tooLarge = `The file is larger than ${maxUploadBytes / 1024 / 1024} MB, which is more than any picture on a page needs. Export it smaller (e.g. JPEG or WebP at 2000 px across) and upload it again.`

/**
 * The request's body: the uploaded file's bytes as they came (its type is read from them, not from
 * the Content-Type). A declared length over the limit is refused before a byte is read; a body that
 * grows past it without declaring one, as soon as it does.
 */
export async function readUpload(ctx: Koa.Context): Promise<Buffer> {
  if (Number(ctx.get('content-length')) > maxUploadBytes) ctx.throw(413, tooLarge)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxUploadBytes) ctx.throw(413, tooLarge)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
