import { startSiteServer, temporaryOutbox, type SiteServer } from '../../scripts/harness/site-server.ts'
import { startSmtpServer, type SmtpTestServer } from '../server/support/smtp-test-server.ts'

export interface ServedBuild {
  server: SiteServer
  smtp: SmtpTestServer
  /** Stops the server and the SMTP server and removes the outbox, in that order. */
  stop: () => Promise<void>
}

/**
 * A built site folder served by the production server (build/server/), its forms' mail taken by a
 * local SMTP server through a fresh outbox: what the deploy and browser tests of a site built
 * elsewhere than dist/ start with.
 */
export async function serveBuild(distDir: string, env: Record<string, string> = {}): Promise<ServedBuild> {
  const smtp = await startSmtpServer()
  const outbox = await temporaryOutbox()
  const server = await startSiteServer({ outboxDir: outbox.dir, smtpUrl: smtp.url, env: { DIST_DIR: distDir, ...env } }).catch(async (error: unknown) => {
    await smtp.close()
    await outbox.remove()
    throw error
  })
  return {
    server,
    smtp,
    stop: async () => {
      await server.stop()
      await smtp.close()
      await outbox.remove()
    },
  }
}
