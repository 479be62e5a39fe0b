import type { Server } from 'node:http'
import { stopGracefully } from './graceful-stop.ts'
import { exitAfterFlush, requestContext, type Logger } from '../../ground/log.ts'

/**
 * The last resort. Every stream the server reads has an error path, so an exception reaching
 * here is a bug: the process state is unknown, so it is logged (with the request it happened in)
 * and the server stops gracefully with exit code 1; the supervisor (deploy/site.service,
 * Restart=always) starts a fresh one. Nothing accepted is lost: it is on disk before its answer.
 * A stray rejected promise leaves no state half-changed: it is logged and the server keeps serving.
 */
export function installLastResort({ server, forms, log }: { server: Server; forms: { stop(): Promise<void> }; log: Logger }): void {
  process.on('uncaughtException', (error) => {
    log.fatal({ err: error, requestId: requestContext.getStore()?.requestId }, 'unexpected error; stopping so the supervisor restarts the server')
    void stopGracefully({ server, forms, log, signal: 'uncaughtException' }).then(() => exitAfterFlush(log, 1))
  })
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason, requestId: requestContext.getStore()?.requestId }, 'unhandled promise rejection; still serving')
  })
}
