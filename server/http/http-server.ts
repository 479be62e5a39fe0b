import http from 'node:http'
import type { Duplex } from 'node:stream'
import type Koa from 'koa'
import { TIMEOUTS, type ServerTimeouts } from '../settings/config.ts'

const ANSWERS: Record<number, { status: string; message: string; error: string }> = {
  400: { status: 'Bad Request', message: 'The request could not be read: it is not valid HTTP.', error: 'bad_request' },
  408: {
    status: 'Request Timeout',
    message: 'The request took too long to arrive and was cut off. Please try again on a faster connection.',
    error: 'request_timeout',
  },
  413: { status: 'Payload Too Large', message: 'The request headers are too large.', error: 'headers_too_large' },
  431: { status: 'Request Header Fields Too Large', message: 'The request headers are too large.', error: 'headers_too_large' },
}

/**
 * How long a client has to read our answer to its error before its socket is destroyed. An
 * http.Server allows half-open sockets: after `end()` alone, a client that keeps writing and never
 * reads would hold the descriptor (FIN-WAIT-2) for as long as it liked.
 */
const CLIENT_ERROR_LINGER_MS = 1000

/** Stop reading the socket and destroy it shortly after the answer went out, whatever the client does. */
function closeAfterAnswer(socket: Duplex): void {
  // Nothing the client sends after our answer is read: a request timed out with 408 cannot
  // complete its body afterwards and be accepted.
  socket.pause()
  const timer = setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS)
  timer.unref()
  socket.once('close', () => clearTimeout(timer))
}

/**
 * Node answers a request its HTTP parser refuses (or one that timed out) itself, with an empty
 * body. Ours is the same JSON every other refusal has, so a client always reads one shape.
 */
function answerClientError(error: NodeJS.ErrnoException & { bytesParsed?: number }, socket: Duplex): void {
  // As Node's own handler: once an answer has begun on this socket, a second one would corrupt it.
  const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (!socket.writable || answering?.headersSent) {
    socket.destroy()
    return
  }
  const code = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
  const answer = ANSWERS[code] ?? ANSWERS[400]!
  const body = JSON.stringify({ success: false, message: answer.message, error: answer.error })
  socket.end(
    `HTTP/1.1 ${code} ${answer.status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  )
  closeAfterAnswer(socket)
}

/** The app on a node:http server with bounded timeouts and JSON answers for unreadable requests. */
export function createHttpServer(app: Koa, timeouts: ServerTimeouts = TIMEOUTS): http.Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often Node checks the two timeouts above; the default (30 s) would let a slow client
      // overstay by up to that much.
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    },
    app.callback(),
  )
  server.on('clientError', answerClientError)
  return server
}
