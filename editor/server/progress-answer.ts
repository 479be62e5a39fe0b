import { PassThrough } from 'node:stream'
import type Koa from 'koa'
import type { PublishStep } from '../../publish/publish-progress.ts'
import { PROGRESS_TYPE, type FinalLine, type ProgressLine } from './progress-lines.ts'

/** Whether the request asked for its answer as progress lines (the editor's Publish does; other callers get the JSON answer as before). */
export const wantsProgress = (ctx: Koa.Context): boolean =>
  ctx
    .get('accept')
    .split(',')
    .some((type) => type.trim().split(';')[0] === PROGRESS_TYPE)

/**
 * Answers 200 at once with NDJSON: a line per step of `work` as it happens (`{ "step": … }`), then a
 * last line `{ "status", "body" }` with the status and body the JSON answer would have had (a 409,
 * a 422 with the problems, a 507…), so a caller reads one outcome either way. An error `work` has
 * no answer for is logged as the server's own and ends the stream with a 500 line, its words never
 * shown. The work goes on when the caller goes away (a publish is not stopped half way); its lines
 * are then dropped.
 */
export function answerWithProgress(
  ctx: Koa.Context,
  work: (report: (step: PublishStep) => void) => Promise<FinalLine>,
  answerFor: (error: unknown) => FinalLine | undefined,
): void {
  const lines = new PassThrough()
  const send = (line: ProgressLine) => {
    if (!lines.writableEnded && !lines.destroyed) lines.write(`${JSON.stringify(line)}\n`)
  }
  ctx.status = 200
  ctx.type = PROGRESS_TYPE
  ctx.set('Cache-Control', 'no-store')
  // nginx in front would otherwise hold the lines back until the answer ends.
  ctx.set('X-Accel-Buffering', 'no')
  ctx.body = lines
  void work(send)
    .catch((error: unknown) => {
      const known = answerFor(error)
      if (known) return known
      ctx.app.emit('error', error, ctx)
      return {
        status: 500,
        body: { message: 'The server ran into an error of its own before it finished (its log has the details). Reload the editor to see what the site holds now.' },
      }
    })
    .then((final) => {
      send(final)
      lines.end()
    })
}
