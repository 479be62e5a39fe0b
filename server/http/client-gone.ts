import type { IncomingMessage } from 'node:http'

/**
 * The client closed its connection before we had read its request: nobody is left to answer,
 * and it is the client's doing, not an error of ours. Logged as information, never as a 500.
 */
export class ClientGone extends Error {
  constructor() {
    super('the client went away before its request was read')
    this.name = 'ClientGone'
  }
}

/** True for our ClientGone and for Node's own ways of saying the same (ECONNRESET "aborted", premature close). */
export function isClientGone(error: unknown, request?: IncomingMessage): boolean {
  if (error instanceof ClientGone) return true
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNABORTED' || code === 'EPIPE') return true
  // Node's HTTP parser: the connection ended in the middle of a request ("Parse Error").
  if (code?.startsWith('HPE_')) return true
  return Boolean(request && request.destroyed && !request.readableEnded)
}

/**
 * Calls `onGone` if the request's connection closes before its body was read to the end,
 * including when that already happened before we started listening (a request that waited its
 * turn, e.g. behind the same Idempotency-Key). Returns the function that stops watching.
 */
export function watchForClientGone(request: IncomingMessage, onGone: (error: ClientGone) => void): () => void {
  // 'close' before 'end' means the body never arrived in full; after 'end' it is the normal finish.
  const gone = () => {
    if (!request.readableEnded) onGone(new ClientGone())
  }
  if (request.destroyed && !request.readableEnded) {
    queueMicrotask(gone)
    return () => {}
  }
  request.once('close', gone)
  request.once('error', gone)
  return () => {
    request.off('close', gone)
    request.off('error', gone)
  }
}
