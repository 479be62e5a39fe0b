import { startLocalSmtpServer } from '../../../scripts/harness/local-smtp-server.ts'

/**
 * An SMTP server that takes a message's DATA and never answers it: the mail is "in flight" for as
 * long as the test wants, and is never accepted. Closing it drops the connection.
 */
export async function startStalledSmtpServer() {
  let dataStarted = 0
  const server = await startLocalSmtpServer({
    closeTimeout: 100,
    onData(stream) {
      dataStarted += 1
      stream.resume() // read it all, never call back: no 250, no refusal
    },
  })
  return { ...server, dataStarted: () => dataStarted }
}
