import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/**
 * An SMTP server that takes a message's DATA and never answers it: the mail is "in flight" for as
 * long as the test wants, and is never accepted. Closing it drops the connection.
 */
export async function startStalledSmtpServer() {
  let dataStarted = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 100,
    onData(stream) {
      dataStarted += 1
      stream.resume() // read it all, never call back: no 250, no refusal
    },
  })
  // A client killed mid-session (the tests SIGKILL the server) resets its connections: expected here.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    dataStarted: () => dataStarted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
