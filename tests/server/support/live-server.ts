import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApp } from '../../../server/compose/app.ts'
import { TIMEOUTS, type ServerTimeouts } from '../../../server/settings/config.ts'
import { createHttpServer } from '../../../server/http/http-server.ts'
import { memoryLog } from '../../../ground/log.ts'
import { createFormsService, type FormsServiceOptions } from '../../../server/compose/forms-service.ts'
import { afterAll, beforeAll } from 'vitest'
import { removeTemporaryDirs, TEST_API_KEY, temporaryDir } from './forms-test-app.ts'
import { startSmtpServer } from './smtp-test-server.ts'
import { makeTinyDist } from './tiny-site.ts'
import { shippedForms } from '../../helpers/shipped-forms.ts'

/**
 * The whole app (pages, forms, outbox, mail) listening on a loopback port, with a real SMTP
 * server behind it: for tests that talk raw sockets, as a hostile client would.
 */
export async function startLiveServer(options: Partial<FormsServiceOptions> = {}, timeouts: ServerTimeouts = TIMEOUTS) {
  const smtp = await startSmtpServer()
  const outboxDir = await temporaryDir()
  const { log, lines: logs } = memoryLog()
  const forms = createFormsService({
    forms: shippedForms,
    outboxDir,
    apiKey: TEST_API_KEY,
    mailFrom: 'Eastbridge website <forms@example.com>',
    mailTo: ['sales@example.com'],
    smtpUrl: smtp.url,
    rateLimitPerMinute: 1_000_000,
    minSubmitMs: 0,
    retryBaseMs: 20,
    retryMaxMs: 200,
    log,
    ...options,
  })
  const app = createApp({ distDir: makeTinyDist(), forms, log })
  const server: Server = createHttpServer(app, timeouts)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  forms.start()
  const port = (server.address() as AddressInfo).port
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    smtp,
    forms,
    outboxDir,
    logs,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await forms.stop()
      await smtp.close()
    },
  }
}

export type LiveServer = Awaited<ReturnType<typeof startLiveServer>>

/**
 * One live server for a whole test file: started before its tests, stopped (and its folders
 * removed) after them. Call at the top of the file; the returned function gives the server.
 */
export function liveServerForFile(...options: Parameters<typeof startLiveServer>): () => LiveServer {
  let live: LiveServer | undefined
  beforeAll(async () => {
    live = await startLiveServer(...options)
  })
  afterAll(async () => {
    await live?.close()
    await removeTemporaryDirs()
  })
  return () => {
    if (!live) throw new Error('liveServerForFile: the server is not started yet (use it inside a test)')
    return live
  }
}
