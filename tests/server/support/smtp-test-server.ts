import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  envelope: { from: string; to: string[] }
  raw: Buffer
  parsed: ParsedMail
}

/** What the server replies to the n-th DATA (1-based): nothing means "250 accepted". */
export type DataReply = (attempt: number) => { code: number; message: string } | undefined

/**
 * A real SMTP peer on 127.0.0.1 (random port unless one is given, e.g. to come back "up" on the
 * port the service already uses). Every accepted mail is parsed with mailparser.
 */
export async function startSmtpServer(options: { port?: number; reply?: DataReply } = {}) {
  const received: ReceivedMail[] = []
  let dataAttempts = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    disableReverseLookup: true, // no DNS lookups of 127.0.0.1: keeps each delivery fast
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        dataAttempts += 1
        const refusal = options.reply?.(dataAttempts)
        if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }))
        const raw = Buffer.concat(chunks)
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        }
        simpleParser(raw).then(
          (parsed) => {
            received.push({ envelope, raw, parsed })
            callback()
          },
          (error: Error) => callback(error),
        )
      })
    },
  })
  // A client killed mid-session (the tests SIGKILL the server) resets its connections: expected here.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    dataAttempts: () => dataAttempts,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  }
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>

/** Poll until `check` holds; deliveries are asynchronous by design (and take seconds on two busy cores). */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waitFor: condition still false after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
