import type { Server } from 'node:http'
import type { Logger } from '../../ground/log.ts'

/** Past this, connections still open are cut so the process always exits within 10 s. */
const GRACE_MS = 8000

let stopping: Promise<number> | undefined

/**
 * Stop accepting connections, close idle keep-alive ones, let requests in flight finish, let the
 * mail being sent finish (what is not sent stays pending on disk for the next start), then
 * resolve with the exit code. Safe to call twice: the second caller gets the first stop.
 */
export function stopGracefully({ server, forms, log, signal }: { server: Server; forms: { stop(): Promise<void> }; log: Logger; signal: string }): Promise<number> {
  stopping ??= (async () => {
    log.info({ signal }, 'stopping: no new connections, finishing requests in flight')
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeIdleConnections()
    const cutOff = setTimeout(() => {
      log.warn({ afterMs: GRACE_MS }, 'requests still open; closing their connections')
      server.closeAllConnections()
    }, GRACE_MS)
    cutOff.unref()
    try {
      await closed
      await forms.stop()
      log.info('stopped')
      return 0
    } catch (error) {
      log.error({ err: error }, 'error while stopping')
      return 1
    } finally {
      clearTimeout(cutOff)
    }
  })()
  return stopping
}
