import { randomUUID } from 'node:crypto'
import type { Middleware } from 'koa'
import { requestContext, type Logger } from '../../ground/log.ts'

/** A caller's id is kept when it looks like one (a proxy's or a load balancer's), else we make one. */
const ACCEPTABLE_ID = /^[\w.:@-]{1,128}$/

/**
 * Gives every request an id (X-Request-Id from the proxy when present, else a new one), echoes it
 * back, runs the rest of the pipeline in its context so every log line carries it, and writes one
 * access line at the end: method, path (never the query string, which could hold personal data),
 * status, duration and bytes sent.
 */
export function requestLog(log: Logger): Middleware {
  return async (ctx, next) => {
    const given = ctx.get('x-request-id')
    const requestId = ACCEPTABLE_ID.test(given) ? given : randomUUID()
    ctx.set('X-Request-Id', requestId)
    const started = performance.now()
    await requestContext.run({ requestId }, async () => {
      try {
        await next()
      } finally {
        // Koa writes the answer after the pipeline returns: log once it has gone (or the client has).
        ctx.res.once('close', () => {
          log.info(
            {
              requestId,
              method: ctx.method,
              path: ctx.path,
              status: ctx.status,
              durationMs: Math.round((performance.now() - started) * 10) / 10,
              bytes: ctx.response.length ?? 0,
              ...(ctx.res.writableFinished ? {} : { aborted: true }),
            },
            'request',
          )
        })
      }
    })
  }
}
