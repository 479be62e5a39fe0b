import type { IncomingMessage } from 'node:http'

/** A sign-in form is a few hundred bytes; anything much larger is not one. */
const FORM_BODY_LIMIT_BYTES = 8 * 1024

export class FormBodyTooLarge extends Error {}

/**
 * The fields of an `application/x-www-form-urlencoded` body (the sign-in and sign-out forms). A
 * few lines of our own rather than a body-parser dependency for two small forms; anything that is
 * not that type reads as no fields, so the form's checks refuse it.
 */
export async function readFormBody(request: IncomingMessage): Promise<URLSearchParams> {
  const text = await readSmallBody(request)
  return typeOf(request) === 'application/x-www-form-urlencoded' ? new URLSearchParams(text) : new URLSearchParams()
}

/**
 * A JSON body as small as a sign-in's (a passkey's answer is about a kilobyte); undefined when it
 * is not JSON, so the caller's checks refuse it.
 */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const text = await readSmallBody(request)
  if (typeOf(request) !== 'application/json') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

const typeOf = (request: IncomingMessage) => (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()

async function readSmallBody(request: IncomingMessage): Promise<string> {
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > FORM_BODY_LIMIT_BYTES) throw new FormBodyTooLarge()
  const chunks: Buffer[] = []
  let received = 0
  // Past the limit, keep reading without keeping: stopping the stream would close the socket before the 413 is sent.
  for await (const chunk of request as AsyncIterable<Buffer>) {
    received += chunk.length
    if (received <= FORM_BODY_LIMIT_BYTES) chunks.push(chunk)
  }
  if (received > FORM_BODY_LIMIT_BYTES) throw new FormBodyTooLarge()
  return Buffer.concat(chunks).toString('utf8')
}
