import type Koa from 'koa'

/**
 * About five times the shipped site's config (0.2 MB). Reading a body and handing it to the
 * checker's thread run on the server's event loop, which visitors share, and cost what the body
 * weighs; a bound far above any real site keeps that cost to milliseconds.
 */
export const EDITOR_BODY_LIMIT_BYTES = 1024 * 1024
/**
 * A site config is about 10 levels deep. What follows the reading walks the body by recursion (the
 * edit written onto the config's text, whose formatter fails past about 100 levels; the checker;
 * the search for a picture's uses), so JSON nested deeper than this is refused here, as the
 * sender's mistake, rather than failing there as the server's.
 */
const maxDepth = 32

/**
 * The request's JSON body. Written here because the project has no body parser (its form
 * endpoints take multipart through busboy) and this one dev-only API needs nothing more.
 * Every refusal is an HTTP error the editor's middleware answers as it is (4xx, JSON).
 */
export async function readJsonBody(ctx: Koa.Context): Promise<Record<string, unknown>> {
  if (!ctx.is('application/json')) ctx.throw(415, 'Send JSON (Content-Type: application/json).')
  const tooLarge = () =>
    ctx.throw(
      413,
      `The config sent is larger than ${EDITOR_BODY_LIMIT_BYTES / 1024 / 1024} MB, about five times a whole site’s config, so it was not read and nothing was changed. Undo the last large change (a pasted block of JSON?) and try again.`,
    )
  // A declared length over the limit is refused before a byte of it is read.
  if (Number(ctx.get('content-length')) > EDITOR_BODY_LIMIT_BYTES) tooLarge()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > EDITOR_BODY_LIMIT_BYTES) tooLarge()
    chunks.push(chunk)
  }
  let body: unknown
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    ctx.throw(400, 'The body is not valid JSON.')
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) ctx.throw(400, 'Send a JSON object.')
  if (nestedDeeperThan(body, maxDepth)) ctx.throw(400, `The JSON sent is nested more than ${maxDepth} levels deep; a site config is far shallower.`)
  return body as Record<string, unknown>
}

/** Whether objects and arrays sit more than `limit` inside one another; by a loop, as the check itself must not run out of stack. */
function nestedDeeperThan(value: object, limit: number): boolean {
  const waiting: [unknown, number][] = [[value, 1]]
  for (let next = waiting.pop(); next; next = waiting.pop()) {
    const [item, depth] = next
    if (!item || typeof item !== 'object') continue
    if (depth > limit) return true
    for (const child of Object.values(item)) waiting.push([child, depth + 1])
  }
  return false
}
