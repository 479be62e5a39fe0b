import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'

/**
 * A real SMTP peer on 127.0.0.1 (a random port) for tests and benchmarks: no sign-in, no TLS, no
 * log and no DNS lookup of the client, which would slow every delivery; what it does with a
 * message is `onData`'s.
 */
export async function startLocalSmtpServer(options: Pick<SMTPServerOptions, 'onData' | 'closeTimeout' | 'size'>) {
  const server = new SMTPServer({ authOptional: true, disabledCommands: ['AUTH', 'STARTTLS'], logger: false, disableReverseLookup: true, ...options })
  // A client killed mid-session (a test SIGKILLs the server) resets its connections: expected here.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
